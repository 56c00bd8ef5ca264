"""An independent reference simulator for the end-to-end tests.

Dense matrices and plain Python complex arithmetic, written from the textbook
gate definitions; it shares no code or tables with the runtime. Wire 0 is the
most significant bit of a basis-state index.

    state = ref.run(3, [("Hadamard", [], [0]), ("CNOT", [], [0, 1]), ("RY", [0.3], [2])])
    ref.expval(state, 3, [(0.5, "ZZI"), (-1.2, "XIY")])
    ref.probs(state, 3, [0, 2])
"""
import cmath
import math


def _single(name, p):
    c, s = (math.cos(p[0] / 2), math.sin(p[0] / 2)) if p else (0, 0)
    return {
        "Identity": [[1, 0], [0, 1]],
        "PauliX": [[0, 1], [1, 0]],
        "PauliY": [[0, -1j], [1j, 0]],
        "PauliZ": [[1, 0], [0, -1]],
        "Hadamard": [[1 / math.sqrt(2), 1 / math.sqrt(2)], [1 / math.sqrt(2), -1 / math.sqrt(2)]],
        "S": [[1, 0], [0, 1j]],
        "T": [[1, 0], [0, cmath.exp(1j * math.pi / 4)]],
        "PhaseShift": [[1, 0], [0, cmath.exp(1j * p[0])]] if p else None,
        "RX": [[c, -1j * s], [-1j * s, c]],
        "RY": [[c, -s], [s, c]],
        "RZ": [[cmath.exp(-1j * p[0] / 2), 0], [0, cmath.exp(1j * p[0] / 2)]] if p else None,
    }.get(name)


def _matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


def _kron(a, b):
    return [[a[i // len(b)][j // len(b)] * b[i % len(b)][j % len(b)]
             for j in range(len(a) * len(b))] for i in range(len(a) * len(b))]


def _controlled(u, controls=1):
    size = len(u) << controls
    m = [[1 if i == j else 0 for j in range(size)] for i in range(size)]
    offset = size - len(u)
    for i in range(len(u)):
        for j in range(len(u)):
            m[offset + i][offset + j] = u[i][j]
    return m


def _pauli_exp(word, theta):
    """exp(-i theta/2 P) for a Pauli word P, = cos I - i sin P."""
    p = [[1]]
    for letter in word:
        p = _kron(p, _single("Pauli" + letter, []))
    c, s = math.cos(theta / 2), math.sin(theta / 2)
    return [[c * (i == j) - 1j * s * p[i][j] for j in range(len(p))] for i in range(len(p))]


def gate_matrix(name, p):
    m = _single(name, p)
    if m is not None:
        return m
    if name == "Rot":
        return _matmul(_single("RZ", [p[2]]), _matmul(_single("RY", [p[1]]), _single("RZ", [p[0]])))
    controlled = {"CNOT": ("PauliX", []), "CY": ("PauliY", []), "CZ": ("PauliZ", []),
                  "CRX": ("RX", p), "CRY": ("RY", p), "CRZ": ("RZ", p),
                  "ControlledPhaseShift": ("PhaseShift", p)}
    if name in controlled:
        return _controlled(gate_matrix(*controlled[name]))
    if name == "CRot":
        return _controlled(gate_matrix("Rot", p))
    swap = [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]
    if name == "SWAP":
        return swap
    if name == "Toffoli":
        return _controlled(_single("PauliX", []), 2)
    if name == "CSWAP":
        return _controlled(swap)
    if name in ("IsingXX", "IsingYY", "IsingZZ"):
        return _pauli_exp(name[-1] * 2, p[0])
    if name in ("SingleExcitation", "DoubleExcitation"):
        # Givens rotations: |0..01..1> -> c|0..01..1> + s|1..10..0> and
        # |1..10..0> -> c|1..10..0> - s|0..01..1> (c, s of theta/2).
        size, low, high = (4, 0b01, 0b10) if name[0] == "S" else (16, 0b0011, 0b1100)
        c, s = math.cos(p[0] / 2), math.sin(p[0] / 2)
        m = [[1 if i == j else 0 for j in range(size)] for i in range(size)]
        m[low][low], m[high][high], m[high][low], m[low][high] = c, c, s, -s
        return m
    raise ValueError("reference has no gate " + name)


def apply(state, n, matrix, wires):
    """Applies a 2^k x 2^k matrix to `wires` (first wire most significant)."""
    k = len(wires)
    out = [0j] * len(state)
    for index, amplitude in enumerate(state):
        if amplitude == 0:
            continue
        col = 0
        for w in wires:
            col = (col << 1) | ((index >> (n - 1 - w)) & 1)
        for row in range(1 << k):
            target = index
            for bit, w in enumerate(wires):
                value = (row >> (k - 1 - bit)) & 1
                target = (target & ~(1 << (n - 1 - w))) | (value << (n - 1 - w))
            out[target] += matrix[row][col] * amplitude
    return out


def run(n, ops):
    """The state after applying `ops` = [(name, params, wires), ...] to |0...0>."""
    state = [0j] * (1 << n)
    state[0] = 1
    for name, params, wires in ops:
        if name == "MultiRZ":
            matrix = _pauli_exp("Z" * len(wires), params[0])
        else:
            matrix = gate_matrix(name, params)
        state = apply(state, n, matrix, wires)
    return state


def expval(state, n, terms):
    """<state| sum_i c_i P_i |state> for terms [(c_i, "XIZ..."), ...]."""
    total = 0
    for coeff, word in terms:
        phi = list(state)
        for wire, letter in enumerate(word):
            if letter != "I":
                phi = apply(phi, n, _single("Pauli" + letter, []), [wire])
        total += coeff * sum(a.conjugate() * b for a, b in zip(state, phi)).real
    return total


def probs(state, n, wires):
    out = [0.0] * (1 << len(wires))
    for index, amplitude in enumerate(state):
        sub = 0
        for w in wires:
            sub = (sub << 1) | ((index >> (n - 1 - w)) & 1)
        out[sub] += abs(amplitude) ** 2
    return out


def hamiltonian_matrix(n, terms):
    """The 2^n x 2^n matrix of sum_i c_i P_i for terms [(c_i, "XIZ..."), ...]."""
    size = 1 << n
    columns = []
    for j in range(size):
        column = [0j] * size
        for coeff, word in terms:
            phi = [0j] * size
            phi[j] = 1
            for wire, letter in enumerate(word):
                if letter != "I":
                    phi = apply(phi, n, _single("Pauli" + letter, []), [wire])
            column = [a + coeff * b for a, b in zip(column, phi)]
        columns.append(column)
    return [[columns[j][i] for j in range(size)] for i in range(size)]


def ground_energy(n, terms):
    """The lowest eigenvalue of a real Hamiltonian, by cyclic Jacobi rotations."""
    m = hamiltonian_matrix(n, terms)
    if any(abs(x.imag) > 1e-14 for row in m for x in row):
        raise ValueError("ground_energy handles real Hamiltonians only")
    a = [[x.real for x in row] for row in m]
    size = len(a)
    for _ in range(100):
        off = sum(a[i][j] ** 2 for i in range(size) for j in range(size) if i != j)
        if off < 1e-30:
            break
        for p in range(size):
            for q in range(p + 1, size):
                if abs(a[p][q]) < 1e-300:
                    continue
                theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
                t = (1 if theta >= 0 else -1) / (abs(theta) + math.sqrt(theta * theta + 1))
                c = 1 / math.sqrt(t * t + 1)
                s = t * c
                for k in range(size):  # columns p, q
                    akp, akq = a[k][p], a[k][q]
                    a[k][p], a[k][q] = c * akp - s * akq, s * akp + c * akq
                for k in range(size):  # rows p, q
                    apk, aqk = a[p][k], a[q][k]
                    a[p][k], a[q][k] = c * apk - s * aqk, s * apk + c * aqk
    return min(a[i][i] for i in range(size))
