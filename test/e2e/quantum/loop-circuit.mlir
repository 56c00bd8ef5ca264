// A layered circuit built inside scf.for: layer k applies RY(theta * (k+1)/2)
// to each of 3 qubits (gate parameters computed by classical code), then a
// CNOT chain. Probabilities and <Z2> are checked against the reference.
// RUN: cot run %s -- 0.4 4 | %expect --tol 1e-11 \
// RUN:   "ref.probs(ref.run(3, [op for k in range(4) for op in [('RY', [0.4*(k+1)/2], [0]), ('RY', [0.4*(k+1)/2], [1]), ('RY', [0.4*(k+1)/2], [2]), ('CNOT', [], [0, 1]), ('CNOT', [], [1, 2])]]), 3, [0, 1, 2])" \
// RUN:   "ref.expval(ref.run(3, [op for k in range(4) for op in [('RY', [0.4*(k+1)/2], [0]), ('RY', [0.4*(k+1)/2], [1]), ('RY', [0.4*(k+1)/2], [2]), ('CNOT', [], [0, 1]), ('CNOT', [], [1, 2])]]), 3, [(1, 'IIZ')])"

func.func @main(%theta: f64, %layers: i64) -> (tensor<8xf64>, f64) {
  %r = quantum.alloc(3) : !quantum.reg
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %half = arith.constant 0.5 : f64
  %final = scf.for %k = %c0 to %layers step %c1 iter_args(%reg = %r) -> (!quantum.reg) : i64 {
    %k1 = arith.addi %k, %c1 : i64
    %kf = arith.sitofp %k1 : i64 to f64
    %scaled = arith.mulf %theta, %kf : f64
    %angle = arith.mulf %scaled, %half : f64
    %q0 = quantum.extract %reg[0] : !quantum.reg -> !quantum.bit
    %q1 = quantum.extract %reg[1] : !quantum.reg -> !quantum.bit
    %q2 = quantum.extract %reg[2] : !quantum.reg -> !quantum.bit
    %a0 = quantum.custom "RY"(%angle) %q0 : !quantum.bit
    %a1 = quantum.custom "RY"(%angle) %q1 : !quantum.bit
    %a2 = quantum.custom "RY"(%angle) %q2 : !quantum.bit
    %b:2 = quantum.custom "CNOT"() %a0, %a1 : !quantum.bit, !quantum.bit
    %c:2 = quantum.custom "CNOT"() %b#1, %a2 : !quantum.bit, !quantum.bit
    %r0 = quantum.insert %reg[0], %b#0 : !quantum.reg, !quantum.bit
    %r1 = quantum.insert %r0[1], %c#0 : !quantum.reg, !quantum.bit
    %r2 = quantum.insert %r1[2], %c#1 : !quantum.reg, !quantum.bit
    scf.yield %r2 : !quantum.reg
  }
  %q0 = quantum.extract %final[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %final[1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %final[2] : !quantum.reg -> !quantum.bit
  %p = quantum.probs %q0, %q1, %q2 : tensor<8xf64>
  %z = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %final : !quantum.reg
  return %p, %e : tensor<8xf64>, f64
}
