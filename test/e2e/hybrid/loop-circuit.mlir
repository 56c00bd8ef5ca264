// A circuit built in scf.for (gate count known at run time), with an scf.if
// choosing between gates on a classical condition, gates whose angles are
// classical functions of the loop counter and the arguments (Rot, CRY,
// IsingXX), and classical post-processing; outputs: probs (a Jacobian), the
// expval of a tensor product scaled by an argument, and the variance of a
// Hamiltonian that includes a Hadamard observable. grad, jvp and vjp, by
// both methods (the RUN lines substitute diff_method), against central
// differences (default tolerances; errors below 1e-9 at these points).
// RUN: sed 's/METHOD/adjoint/' %s > %t.adjoint.mlir
// RUN: %gradcheck %t.adjoint.mlir --primal f --grad df --argnums 0,1 -- 0.7 "[0.3, -0.9]"
// RUN: %gradcheck %t.adjoint.mlir --primal f --grad df --argnums 0,1 -- -0.4 "[1.3, 0.2]"
// RUN: %gradcheck %t.adjoint.mlir --primal f --jvp jf --argnums 0,1 -- 0.7 "[0.3, -0.9]" -- 0.4 "[-1.0, 0.5]"
// RUN: %gradcheck %t.adjoint.mlir --primal f --vjp vf --argnums 0,1 -- -1.1 "[0.9, 0.2]" -- "[0.1, 0.2, -0.3, 0.5]" 0.7 -1.3
// RUN: sed 's/METHOD/parameter-shift/' %s > %t.shift.mlir
// RUN: %gradcheck %t.shift.mlir --primal f --grad df --argnums 0,1 -- 0.7 "[0.3, -0.9]"
// RUN: %gradcheck %t.shift.mlir --primal f --jvp jf --argnums 0,1 -- 0.7 "[0.3, -0.9]" -- 0.4 "[-1.0, 0.5]"
// RUN: %gradcheck %t.shift.mlir --primal f --vjp vf --argnums 0,1 -- -1.1 "[0.9, 0.2]" -- "[0.1, 0.2, -0.3, 0.5]" 0.7 -1.3

func.func @circuit(%theta: f64, %layers: i64, %w: tensor<2xf64>) -> (tensor<4xf64>, f64, f64) attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(3) : !quantum.reg
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %w0 = tensor.extract %w[%i0] : tensor<2xf64>
  %w1 = tensor.extract %w[%i1] : tensor<2xf64>
  %final = scf.for %k = %c0 to %layers step %c1 iter_args(%reg = %r) -> (!quantum.reg) : i64 {
    %kf = arith.sitofp %k : i64 to f64
    %scaled = arith.mulf %theta, %kf : f64
    %angle = math.sin %scaled : f64
    %q0 = quantum.extract %reg[0] : !quantum.reg -> !quantum.bit
    %q1 = quantum.extract %reg[1] : !quantum.reg -> !quantum.bit
    %q2 = quantum.extract %reg[2] : !quantum.reg -> !quantum.bit
    %a0 = quantum.custom "RY"(%angle) %q0 : !quantum.bit
    %a1 = quantum.custom "Rot"(%w0, %angle, %w1) %q1 : !quantum.bit
    %pos = arith.cmpf ogt, %w0, %angle : f64
    %a2 = scf.if %pos -> !quantum.bit {
      %t = quantum.custom "RX"(%w1) %q2 : !quantum.bit
      scf.yield %t : !quantum.bit
    } else {
      %t = quantum.custom "Hadamard"() %q2 : !quantum.bit
      scf.yield %t : !quantum.bit
    }
    %b:2 = quantum.custom "CRY"(%w0) %a0, %a1 : !quantum.bit, !quantum.bit
    %c:2 = quantum.custom "IsingXX"(%theta) %b#1, %a2 : !quantum.bit, !quantum.bit
    %r0 = quantum.insert %reg[0], %b#0 : !quantum.reg, !quantum.bit
    %r1 = quantum.insert %r0[1], %c#0 : !quantum.reg, !quantum.bit
    %r2 = quantum.insert %r1[2], %c#1 : !quantum.reg, !quantum.bit
    scf.yield %r2 : !quantum.reg
  }
  %q0 = quantum.extract %final[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %final[1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %final[2] : !quantum.reg -> !quantum.bit
  %p = quantum.probs %q0, %q2 : tensor<4xf64>
  %z = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %x = quantum.namedobs %q1[PauliX] : !quantum.obs
  %zx = quantum.tensor %z, %x : !quantum.obs
  %e = quantum.expval %zx : f64
  %y = quantum.namedobs %q0[PauliY] : !quantum.obs
  %h = quantum.namedobs %q1[Hadamard] : !quantum.obs
  %coeffs = arith.constant dense<[0.5, -1.5]> : tensor<2xf64>
  %ham = quantum.hamiltonian(%coeffs : tensor<2xf64>) %y, %h : !quantum.obs
  %v = quantum.var %ham : f64
  quantum.dealloc %final : !quantum.reg
  %e2 = arith.mulf %e, %w1 : f64
  return %p, %e2, %v : tensor<4xf64>, f64, f64
}
func.func @f(%theta: f64, %w: tensor<2xf64>) -> (tensor<4xf64>, f64, f64) {
  %n = arith.constant 3 : i64
  %a, %b, %c = func.call @circuit(%theta, %n, %w) : (f64, i64, tensor<2xf64>) -> (tensor<4xf64>, f64, f64)
  return %a, %b, %c : tensor<4xf64>, f64, f64
}
func.func @df(%theta: f64, %w: tensor<2xf64>) -> (tensor<4xf64>, tensor<4x2xf64>, f64, tensor<2xf64>, f64, tensor<2xf64>) {
  %r:6 = gradient.grad @f(%theta, %w) {argnums = array<i64: 0, 1>} : (f64, tensor<2xf64>) -> (tensor<4xf64>, tensor<4x2xf64>, f64, tensor<2xf64>, f64, tensor<2xf64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<4xf64>, tensor<4x2xf64>, f64, tensor<2xf64>, f64, tensor<2xf64>
}
func.func @jf(%theta: f64, %w: tensor<2xf64>, %t0: f64, %t1: tensor<2xf64>) -> (tensor<4xf64>, f64, f64, tensor<4xf64>, f64, f64) {
  %r:6 = gradient.jvp @f(%theta, %w) tangents(%t0, %t1) {argnums = array<i64: 0, 1>} : (f64, tensor<2xf64>, f64, tensor<2xf64>) -> (tensor<4xf64>, f64, f64, tensor<4xf64>, f64, f64)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5 : tensor<4xf64>, f64, f64, tensor<4xf64>, f64, f64
}
func.func @vf(%theta: f64, %w: tensor<2xf64>, %c0: tensor<4xf64>, %c1: f64, %c2: f64) -> (tensor<4xf64>, f64, f64, f64, tensor<2xf64>) {
  %r:5 = gradient.vjp @f(%theta, %w) cotangents(%c0, %c1, %c2) {argnums = array<i64: 0, 1>} : (f64, tensor<2xf64>, tensor<4xf64>, f64, f64) -> (tensor<4xf64>, f64, f64, f64, tensor<2xf64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4 : tensor<4xf64>, f64, f64, f64, tensor<2xf64>
}
