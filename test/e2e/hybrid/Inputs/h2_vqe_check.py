"""Checks the output of examples/h2-vqe.mlir against an independent reference.

usage: h2_vqe_check.py OUTPUT

OUTPUT holds the three lines the example prints: the final energy, the final
angles and the energy before each step. Checked here, with the reference
simulator of test/tools/reference.py and its own diagonalisation:
  - the final energy is the Hamiltonian's exact ground-state energy within
    1e-6 Ha (the lowest eigenvalue of the 16 x 16 matrix, by Jacobi);
  - it is the energy the reference simulator gives for the final angles
    (1e-12: the same state, rounding only);
  - the first energy is the Hartree-Fock energy (all angles zero), and the
    energy never rises from step to step (by more than rounding).
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "tools"))
import reference as ref  # noqa: E402

H2 = [(-0.04207897647782276, "IIII"), (0.17771287465139946, "ZIII"),
      (0.17771287465139946, "IZII"), (-0.24274280513140462, "IIZI"),
      (-0.24274280513140462, "IIIZ"), (0.17059738328801052, "ZZII"),
      (0.12293305056183798, "ZIZI"), (0.12293305056183798, "IZIZ"),
      (0.16768319457718960, "ZIIZ"), (0.16768319457718960, "IZZI"),
      (0.17627640804319591, "IIZZ"), (0.04475014401535161, "YXXY"),
      (0.04475014401535161, "XYYX"), (-0.04475014401535161, "YYXX"),
      (-0.04475014401535161, "XXYY")]


def energy(angles):
    ops = [("PauliX", [], [0]), ("PauliX", [], [1]),
           ("DoubleExcitation", [angles[0]], [0, 1, 2, 3]),
           ("SingleExcitation", [angles[1]], [0, 2]),
           ("SingleExcitation", [angles[2]], [1, 3])]
    return ref.expval(ref.run(4, ops), 4, H2)


def main():
    final, angles, history = (json.loads(line) for line in open(sys.argv[1]))
    ground = ref.ground_energy(4, H2)
    checks = [
        (abs(final - ground) <= 1e-6, f"final energy {final} vs ground state {ground}"),
        (abs(final - energy(angles)) <= 1e-12,
         f"final energy {final} vs reference at {angles}: {energy(angles)}"),
        (abs(history[0] - energy([0, 0, 0])) <= 1e-12,
         f"first energy {history[0]} vs Hartree-Fock {energy([0, 0, 0])}"),
        (all(b <= a + 1e-12 for a, b in zip(history, history[1:])),
         "the energy rose during the descent"),
    ]
    failed = [message for ok, message in checks if not ok]
    if failed:
        sys.exit("\n".join(failed))
    print(f"ok: {final} is within {abs(final - ground):.1e} Ha of the ground state {ground}")


if __name__ == "__main__":
    main()
