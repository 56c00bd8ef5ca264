"""Writes a seeded random hybrid program for the circuit-gradient tests.

usage: random_circuit.py SEED > prog.mlir

The program (5 to 8 qubits, 36 gates) applies every gate of the quantum
dialect at least once, each on random wires, some as adjoints, with gate
parameters computed by classical code from the input x : tensor<4xf64>
(a * x[i] + sin(b * x[j])). It measures probs of two wires, the expectation
of a Pauli tensor product, the variance of a two-term Hamiltonian and the
expectation of a three-term Hamiltonian. Entry points:

  @f(x)        the measurements (the circuit with diff_method "adjoint")
  @grad_adjoint(x), @grad_shift(x)
               their Jacobian with respect to x, through the circuit
               differentiated by the adjoint method and by parameter shifts
  @vjp_adjoint(x, c...), @vjp_shift(x, c...)
               the vector-Jacobian product for cotangents c of the four
               measurements, by each method
"""
import random
import sys

GATES = [  # name, parameters, wires (MultiRZ: any number, 3 here)
    ("Identity", 0, 1), ("PauliX", 0, 1), ("PauliY", 0, 1), ("PauliZ", 0, 1),
    ("Hadamard", 0, 1), ("S", 0, 1), ("T", 0, 1), ("PhaseShift", 1, 1),
    ("RX", 1, 1), ("RY", 1, 1), ("RZ", 1, 1), ("Rot", 3, 1), ("CNOT", 0, 2),
    ("CY", 0, 2), ("CZ", 0, 2), ("SWAP", 0, 2), ("CRX", 1, 2), ("CRY", 1, 2),
    ("CRZ", 1, 2), ("CRot", 3, 2), ("ControlledPhaseShift", 1, 2),
    ("IsingXX", 1, 2), ("IsingYY", 1, 2), ("IsingZZ", 1, 2), ("MultiRZ", 1, 3),
    ("Toffoli", 0, 3), ("CSWAP", 0, 3), ("SingleExcitation", 1, 2),
    ("DoubleExcitation", 1, 4),
]
NUM_GATES = 36
OBS = ["PauliX", "PauliY", "PauliZ", "Hadamard"]


class Writer:
    def __init__(self):
        self.lines = []
        self.count = 0

    def fresh(self, prefix="v"):
        self.count += 1
        return f"%{prefix}{self.count}"

    def emit(self, line):
        self.lines.append("  " + line)


def circuit(name, method, rng_seed):
    rng = random.Random(rng_seed)
    n = rng.randint(5, 8)
    gates = GATES + [rng.choice(GATES) for _ in range(NUM_GATES - len(GATES))]
    rng.shuffle(gates)
    w = Writer()
    w.lines.append(f'func.func @{name}(%x: tensor<4xf64>) -> (tensor<4xf64>, f64, f64, f64) '
                   f'attributes {{diff_method = "{method}"}} {{')
    xs = []
    for i in range(4):
        index = w.fresh("i")
        w.emit(f"{index} = arith.constant {i} : index")
        xs.append(w.fresh("x"))
        w.emit(f"{xs[-1]} = tensor.extract %x[{index}] : tensor<4xf64>")
    w.emit(f"%r = quantum.alloc({n}) : !quantum.reg")
    wires = []
    for q in range(n):
        wires.append(w.fresh("q"))
        w.emit(f"{wires[-1]} = quantum.extract %r[{q}] : !quantum.reg -> !quantum.bit")
    for gate, num_params, num_wires in gates:
        params = []
        for _ in range(num_params):
            a, b = rng.uniform(-2, 2), rng.uniform(-2, 2)
            i, j = rng.randrange(4), rng.randrange(4)
            ca, cb = w.fresh("c"), w.fresh("c")
            w.emit(f"{ca} = arith.constant {a!r} : f64")
            w.emit(f"{cb} = arith.constant {b!r} : f64")
            lin, arg, sin, total = w.fresh(), w.fresh(), w.fresh(), w.fresh()
            w.emit(f"{lin} = arith.mulf {ca}, {xs[i]} : f64")
            w.emit(f"{arg} = arith.mulf {cb}, {xs[j]} : f64")
            w.emit(f"{sin} = math.sin {arg} : f64")
            w.emit(f"{total} = arith.addf {lin}, {sin} : f64")
            params.append(total)
        on = rng.sample(range(n), num_wires)
        adjoint = " adj" if rng.random() < 0.3 else ""
        result = w.fresh("g")
        arity = f":{num_wires}" if num_wires > 1 else ""
        operands = ", ".join(wires[q] for q in on)
        types = ", ".join(["!quantum.bit"] * num_wires)
        w.emit(f'{result}{arity} = quantum.custom "{gate}"({", ".join(params)}) '
               f"{operands}{adjoint} : {types}")
        for k, q in enumerate(on):
            wires[q] = f"{result}#{k}" if num_wires > 1 else result

    def named(q, kind):
        obs = w.fresh("o")
        w.emit(f"{obs} = quantum.namedobs {wires[q]}[{kind}] : !quantum.obs")
        return obs

    def hamiltonian(num_terms):
        coeffs = ", ".join(repr(rng.uniform(-1, 1)) for _ in range(num_terms))
        terms = [named(rng.randrange(n), rng.choice(OBS)) for _ in range(num_terms)]
        c, h = w.fresh("k"), w.fresh("h")
        w.emit(f"{c} = arith.constant dense<[{coeffs}]> : tensor<{num_terms}xf64>")
        w.emit(f"{h} = quantum.hamiltonian({c} : tensor<{num_terms}xf64>) "
               f"{', '.join(terms)} : !quantum.obs")
        return h

    pair = rng.sample(range(n), 2)
    w.emit(f"%probs = quantum.probs {wires[pair[0]]}, {wires[pair[1]]} : tensor<4xf64>")
    factors = [named(q, rng.choice(OBS)) for q in rng.sample(range(n), 3)]
    product = w.fresh("t")
    w.emit(f"{product} = quantum.tensor {', '.join(factors)} : !quantum.obs")
    w.emit(f"%e = quantum.expval {product} : f64")
    w.emit(f"%v = quantum.var {hamiltonian(2)} : f64")
    w.emit(f"%eh = quantum.expval {hamiltonian(3)} : f64")
    w.emit("quantum.dealloc %r : !quantum.reg")
    w.emit("return %probs, %e, %v, %eh : tensor<4xf64>, f64, f64, f64")
    w.lines.append("}")
    return "\n".join(w.lines)


OUTS = "tensor<4xf64>, f64, f64, f64"
JACOBIAN = "tensor<4x4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>"


def entries(method, circuit_name):
    return f"""
func.func @grad_{method}(%x: tensor<4xf64>) -> ({JACOBIAN}) {{
  %j:4 = gradient.grad @{circuit_name}(%x) : (tensor<4xf64>) -> ({JACOBIAN})
  return %j#0, %j#1, %j#2, %j#3 : {JACOBIAN}
}}
func.func @vjp_{method}(%x: tensor<4xf64>, %c0: tensor<4xf64>, %c1: f64, %c2: f64, %c3: f64)
    -> ({OUTS}, tensor<4xf64>) {{
  %r:5 = gradient.vjp @{circuit_name}(%x) cotangents(%c0, %c1, %c2, %c3)
      : (tensor<4xf64>, tensor<4xf64>, f64, f64, f64) -> ({OUTS}, tensor<4xf64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4 : {OUTS}, tensor<4xf64>
}}"""


def main():
    seed = int(sys.argv[1])
    print(f"// Generated by test/tools/random_circuit.py {seed}.")
    print(circuit("circuit_adjoint", "adjoint", seed))
    print(circuit("circuit_shift", "parameter-shift", seed))
    print(f"""func.func @f(%x: tensor<4xf64>) -> ({OUTS}) {{
  %r:4 = func.call @circuit_adjoint(%x) : (tensor<4xf64>) -> ({OUTS})
  return %r#0, %r#1, %r#2, %r#3 : {OUTS}
}}""")
    print(entries("adjoint", "circuit_adjoint"))
    print(entries("shift", "circuit_shift"))


if __name__ == "__main__":
    main()
