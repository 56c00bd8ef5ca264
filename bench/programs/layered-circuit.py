#!/usr/bin/env python3
"""Prints a straight-line circuit for the compile-time benchmark: LAYERS layers
of RX, RY and RZ on each of 8 qubits, their angles read one by one from the
tensor argument (24 * LAYERS of them), each layer ending in a CNOT ladder;
<Z0> measured. With --argument, prints instead an argument for it (a JSON
list of 24 * LAYERS angles).

usage: layered-circuit.py LAYERS [--argument]
e.g.:  bench/programs/layered-circuit.py 167 > /tmp/circuit.mlir
       bench/compile-time --runs 3 /tmp/circuit.mlir \\
           "$(bench/programs/layered-circuit.py 167 --argument)"
"""
import sys

QUBITS = 8
ROTATIONS = ("RX", "RY", "RZ")

layers = int(sys.argv[1])
angles = layers * QUBITS * len(ROTATIONS)
if sys.argv[2:] == ["--argument"]:
    print([round(0.01 * i, 2) for i in range(angles)])
    sys.exit(0)

tensor = f"tensor<{angles}xf64>"
print(f"func.func @main(%p: {tensor}) -> f64 {{")
print(f"  %r = quantum.alloc({QUBITS}) : !quantum.reg")
wires = []
for q in range(QUBITS):
    print(f"  %q{q} = quantum.extract %r[{q}] : !quantum.reg -> !quantum.bit")
    wires.append(f"%q{q}")
angle = gate = 0
for _ in range(layers):
    for q in range(QUBITS):
        for rotation in ROTATIONS:
            print(f"  %i{angle} = arith.constant {angle} : index")
            print(f"  %a{angle} = tensor.extract %p[%i{angle}] : {tensor}")
            print(f'  %g{gate} = quantum.custom "{rotation}"(%a{angle}) '
                  f"{wires[q]} : !quantum.bit")
            wires[q] = f"%g{gate}"
            angle += 1
            gate += 1
    for q in range(QUBITS - 1):
        print(f'  %g{gate}:2 = quantum.custom "CNOT"() {wires[q]}, '
              f"{wires[q + 1]} : !quantum.bit, !quantum.bit")
        wires[q], wires[q + 1] = f"%g{gate}#0", f"%g{gate}#1"
        gate += 1
print(f"  %z = quantum.namedobs {wires[0]}[PauliZ] : !quantum.obs")
print("  %e = quantum.expval %z : f64")
print("  quantum.dealloc %r : !quantum.reg")
print("  return %e : f64")
print("}")
