// Every gate of the gate set, each applied, then its adjoint, then again, to
// a generic 3-qubit state; the final state is compared amplitude by amplitude
// with the independent reference simulator (which applies each gate once:
// the adjoint must undo the gate exactly).
// The expected state is computed at test time by test/tools/reference.py.
// RUN: cot run %s | %expect --tol 1e-12 "ref.run(3, [('RY', [0.8], [0]), ('RX', [-0.45], [1]), ('Hadamard', [], [2]), ('CNOT', [], [0, 1]), ('RZ', [1.3], [2]), ('T', [], [1]), ('Identity', [], [2]), ('PauliX', [], [2]), ('PauliY', [], [2]), ('PauliZ', [], [2]), ('Hadamard', [], [2]), ('S', [], [2]), ('T', [], [2]), ('PhaseShift', [0.37], [2]), ('RX', [0.37], [2]), ('RY', [0.37], [2]), ('RZ', [0.37], [2]), ('Rot', [0.37, -1.21, 2.05], [2]), ('CNOT', [], [2, 0]), ('CY', [], [2, 0]), ('CZ', [], [2, 0]), ('SWAP', [], [2, 0]), ('CRX', [0.37], [2, 0]), ('CRY', [0.37], [2, 0]), ('CRZ', [0.37], [2, 0]), ('CRot', [0.37, -1.21, 2.05], [2, 0]), ('ControlledPhaseShift', [0.37], [2, 0]), ('IsingXX', [0.37], [2, 0]), ('IsingYY', [0.37], [2, 0]), ('IsingZZ', [0.37], [2, 0]), ('MultiRZ', [0.37], [1, 2, 0]), ('Toffoli', [], [1, 2, 0]), ('CSWAP', [], [1, 2, 0])])"

func.func @main() -> tensor<8xcomplex<f64>> {
  %p0 = arith.constant 0.37 : f64
  %p1 = arith.constant -1.21 : f64
  %p2 = arith.constant 2.05 : f64
  %r = quantum.alloc(3) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  %c1 = arith.constant 0.8 : f64
  %g1 = quantum.custom "RY"(%c1) %q0 : !quantum.bit
  %c2 = arith.constant -0.45 : f64
  %g2 = quantum.custom "RX"(%c2) %q1 : !quantum.bit
  %g3 = quantum.custom "Hadamard"() %q2 : !quantum.bit
  %g4:2 = quantum.custom "CNOT"() %g1, %g2 : !quantum.bit, !quantum.bit
  %c5 = arith.constant 1.3 : f64
  %g5 = quantum.custom "RZ"(%c5) %g3 : !quantum.bit
  %g6 = quantum.custom "T"() %g4#1 : !quantum.bit
  %g7 = quantum.custom "Identity"() %g5 : !quantum.bit
  %g8 = quantum.custom "Identity"() %g7 adj : !quantum.bit
  %g9 = quantum.custom "Identity"() %g8 : !quantum.bit
  %g10 = quantum.custom "PauliX"() %g9 : !quantum.bit
  %g11 = quantum.custom "PauliX"() %g10 adj : !quantum.bit
  %g12 = quantum.custom "PauliX"() %g11 : !quantum.bit
  %g13 = quantum.custom "PauliY"() %g12 : !quantum.bit
  %g14 = quantum.custom "PauliY"() %g13 adj : !quantum.bit
  %g15 = quantum.custom "PauliY"() %g14 : !quantum.bit
  %g16 = quantum.custom "PauliZ"() %g15 : !quantum.bit
  %g17 = quantum.custom "PauliZ"() %g16 adj : !quantum.bit
  %g18 = quantum.custom "PauliZ"() %g17 : !quantum.bit
  %g19 = quantum.custom "Hadamard"() %g18 : !quantum.bit
  %g20 = quantum.custom "Hadamard"() %g19 adj : !quantum.bit
  %g21 = quantum.custom "Hadamard"() %g20 : !quantum.bit
  %g22 = quantum.custom "S"() %g21 : !quantum.bit
  %g23 = quantum.custom "S"() %g22 adj : !quantum.bit
  %g24 = quantum.custom "S"() %g23 : !quantum.bit
  %g25 = quantum.custom "T"() %g24 : !quantum.bit
  %g26 = quantum.custom "T"() %g25 adj : !quantum.bit
  %g27 = quantum.custom "T"() %g26 : !quantum.bit
  %g28 = quantum.custom "PhaseShift"(%p0) %g27 : !quantum.bit
  %g29 = quantum.custom "PhaseShift"(%p0) %g28 adj : !quantum.bit
  %g30 = quantum.custom "PhaseShift"(%p0) %g29 : !quantum.bit
  %g31 = quantum.custom "RX"(%p0) %g30 : !quantum.bit
  %g32 = quantum.custom "RX"(%p0) %g31 adj : !quantum.bit
  %g33 = quantum.custom "RX"(%p0) %g32 : !quantum.bit
  %g34 = quantum.custom "RY"(%p0) %g33 : !quantum.bit
  %g35 = quantum.custom "RY"(%p0) %g34 adj : !quantum.bit
  %g36 = quantum.custom "RY"(%p0) %g35 : !quantum.bit
  %g37 = quantum.custom "RZ"(%p0) %g36 : !quantum.bit
  %g38 = quantum.custom "RZ"(%p0) %g37 adj : !quantum.bit
  %g39 = quantum.custom "RZ"(%p0) %g38 : !quantum.bit
  %g40 = quantum.custom "Rot"(%p0, %p1, %p2) %g39 : !quantum.bit
  %g41 = quantum.custom "Rot"(%p0, %p1, %p2) %g40 adj : !quantum.bit
  %g42 = quantum.custom "Rot"(%p0, %p1, %p2) %g41 : !quantum.bit
  %g43:2 = quantum.custom "CNOT"() %g42, %g4#0 : !quantum.bit, !quantum.bit
  %g44:2 = quantum.custom "CNOT"() %g43#0, %g43#1 adj : !quantum.bit, !quantum.bit
  %g45:2 = quantum.custom "CNOT"() %g44#0, %g44#1 : !quantum.bit, !quantum.bit
  %g46:2 = quantum.custom "CY"() %g45#0, %g45#1 : !quantum.bit, !quantum.bit
  %g47:2 = quantum.custom "CY"() %g46#0, %g46#1 adj : !quantum.bit, !quantum.bit
  %g48:2 = quantum.custom "CY"() %g47#0, %g47#1 : !quantum.bit, !quantum.bit
  %g49:2 = quantum.custom "CZ"() %g48#0, %g48#1 : !quantum.bit, !quantum.bit
  %g50:2 = quantum.custom "CZ"() %g49#0, %g49#1 adj : !quantum.bit, !quantum.bit
  %g51:2 = quantum.custom "CZ"() %g50#0, %g50#1 : !quantum.bit, !quantum.bit
  %g52:2 = quantum.custom "SWAP"() %g51#0, %g51#1 : !quantum.bit, !quantum.bit
  %g53:2 = quantum.custom "SWAP"() %g52#0, %g52#1 adj : !quantum.bit, !quantum.bit
  %g54:2 = quantum.custom "SWAP"() %g53#0, %g53#1 : !quantum.bit, !quantum.bit
  %g55:2 = quantum.custom "CRX"(%p0) %g54#0, %g54#1 : !quantum.bit, !quantum.bit
  %g56:2 = quantum.custom "CRX"(%p0) %g55#0, %g55#1 adj : !quantum.bit, !quantum.bit
  %g57:2 = quantum.custom "CRX"(%p0) %g56#0, %g56#1 : !quantum.bit, !quantum.bit
  %g58:2 = quantum.custom "CRY"(%p0) %g57#0, %g57#1 : !quantum.bit, !quantum.bit
  %g59:2 = quantum.custom "CRY"(%p0) %g58#0, %g58#1 adj : !quantum.bit, !quantum.bit
  %g60:2 = quantum.custom "CRY"(%p0) %g59#0, %g59#1 : !quantum.bit, !quantum.bit
  %g61:2 = quantum.custom "CRZ"(%p0) %g60#0, %g60#1 : !quantum.bit, !quantum.bit
  %g62:2 = quantum.custom "CRZ"(%p0) %g61#0, %g61#1 adj : !quantum.bit, !quantum.bit
  %g63:2 = quantum.custom "CRZ"(%p0) %g62#0, %g62#1 : !quantum.bit, !quantum.bit
  %g64:2 = quantum.custom "CRot"(%p0, %p1, %p2) %g63#0, %g63#1 : !quantum.bit, !quantum.bit
  %g65:2 = quantum.custom "CRot"(%p0, %p1, %p2) %g64#0, %g64#1 adj : !quantum.bit, !quantum.bit
  %g66:2 = quantum.custom "CRot"(%p0, %p1, %p2) %g65#0, %g65#1 : !quantum.bit, !quantum.bit
  %g67:2 = quantum.custom "ControlledPhaseShift"(%p0) %g66#0, %g66#1 : !quantum.bit, !quantum.bit
  %g68:2 = quantum.custom "ControlledPhaseShift"(%p0) %g67#0, %g67#1 adj : !quantum.bit, !quantum.bit
  %g69:2 = quantum.custom "ControlledPhaseShift"(%p0) %g68#0, %g68#1 : !quantum.bit, !quantum.bit
  %g70:2 = quantum.custom "IsingXX"(%p0) %g69#0, %g69#1 : !quantum.bit, !quantum.bit
  %g71:2 = quantum.custom "IsingXX"(%p0) %g70#0, %g70#1 adj : !quantum.bit, !quantum.bit
  %g72:2 = quantum.custom "IsingXX"(%p0) %g71#0, %g71#1 : !quantum.bit, !quantum.bit
  %g73:2 = quantum.custom "IsingYY"(%p0) %g72#0, %g72#1 : !quantum.bit, !quantum.bit
  %g74:2 = quantum.custom "IsingYY"(%p0) %g73#0, %g73#1 adj : !quantum.bit, !quantum.bit
  %g75:2 = quantum.custom "IsingYY"(%p0) %g74#0, %g74#1 : !quantum.bit, !quantum.bit
  %g76:2 = quantum.custom "IsingZZ"(%p0) %g75#0, %g75#1 : !quantum.bit, !quantum.bit
  %g77:2 = quantum.custom "IsingZZ"(%p0) %g76#0, %g76#1 adj : !quantum.bit, !quantum.bit
  %g78:2 = quantum.custom "IsingZZ"(%p0) %g77#0, %g77#1 : !quantum.bit, !quantum.bit
  %g79:3 = quantum.custom "MultiRZ"(%p0) %g6, %g78#0, %g78#1 : !quantum.bit, !quantum.bit, !quantum.bit
  %g80:3 = quantum.custom "MultiRZ"(%p0) %g79#0, %g79#1, %g79#2 adj : !quantum.bit, !quantum.bit, !quantum.bit
  %g81:3 = quantum.custom "MultiRZ"(%p0) %g80#0, %g80#1, %g80#2 : !quantum.bit, !quantum.bit, !quantum.bit
  %g82:3 = quantum.custom "Toffoli"() %g81#0, %g81#1, %g81#2 : !quantum.bit, !quantum.bit, !quantum.bit
  %g83:3 = quantum.custom "Toffoli"() %g82#0, %g82#1, %g82#2 adj : !quantum.bit, !quantum.bit, !quantum.bit
  %g84:3 = quantum.custom "Toffoli"() %g83#0, %g83#1, %g83#2 : !quantum.bit, !quantum.bit, !quantum.bit
  %g85:3 = quantum.custom "CSWAP"() %g84#0, %g84#1, %g84#2 : !quantum.bit, !quantum.bit, !quantum.bit
  %g86:3 = quantum.custom "CSWAP"() %g85#0, %g85#1, %g85#2 adj : !quantum.bit, !quantum.bit, !quantum.bit
  %g87:3 = quantum.custom "CSWAP"() %g86#0, %g86#1, %g86#2 : !quantum.bit, !quantum.bit, !quantum.bit
  %s = quantum.state %g87#2, %g87#0, %g87#1 : tensor<8xcomplex<f64>>
  quantum.dealloc %r : !quantum.reg
  return %s : tensor<8xcomplex<f64>>
}
