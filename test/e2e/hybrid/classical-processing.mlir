// Classical code around circuits, differentiated exactly through both:
//   @pre: RX(sin(x) y) on |0>, <Z> = cos(sin(x) y): the gradient against
//     its analytic form (tolerance 1e-12)
//   @loss: two circuits in one loss (one by the adjoint method, one by
//     parameter shifts), one called three times in an scf.for with
//     loop-dependent angles, post-processed together with the probs of the
//     other: value_and_grad against central differences
//   @probs_jacobian: the Jacobian of probs of two qubits
// RUN: cot run %s --entry dpre -- 0.6 -1.4 | %expect --tol 1e-12 \
// RUN:   "-math.sin(math.sin(0.6)*-1.4)*math.cos(0.6)*-1.4" "-math.sin(math.sin(0.6)*-1.4)*math.sin(0.6)"
// RUN: %gradcheck %s --primal loss --value-and-grad dloss --argnums 0,1 -- "[0.4, -0.3, 1.1]" 0.8
// RUN: %gradcheck %s --primal loss --value-and-grad dloss --argnums 0,1 -- "[-1.2, 0.5, 0.05]" -0.3
// RUN: %gradcheck %s --primal probs_of --grad probs_jacobian -- "[0.9, -0.6]"

func.func @rx_z(%angle: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%angle) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @pre(%x: f64, %y: f64) -> f64 {
  %s = math.sin %x : f64
  %a = arith.mulf %s, %y : f64
  %e = func.call @rx_z(%a) : (f64) -> f64
  return %e : f64
}

func.func @dpre(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @pre(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}

// <Z0 Z1> after RY(a) RY(b) and a CNOT: the adjoint method.
func.func @pair(%a: f64, %b: f64) -> f64 {
  %r = quantum.alloc(2) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %a0 = quantum.custom "RY"(%a) %q0 : !quantum.bit
  %a1 = quantum.custom "RY"(%b) %q1 : !quantum.bit
  %c:2 = quantum.custom "CNOT"() %a0, %a1 : !quantum.bit, !quantum.bit
  %z0 = quantum.namedobs %c#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %c#1[PauliX] : !quantum.obs
  %zz = quantum.tensor %z0, %z1 : !quantum.obs
  %e = quantum.expval %zz : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

// Probabilities after CRX(t) and IsingYY(u): parameter shifts.
func.func @mixer(%t: f64, %u: f64) -> tensor<4xf64> attributes {diff_method = "parameter-shift"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %h = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %c:2 = quantum.custom "CRX"(%t) %h, %q1 : !quantum.bit, !quantum.bit
  %d:2 = quantum.custom "IsingYY"(%u) %c#0, %c#1 : !quantum.bit, !quantum.bit
  %p = quantum.probs %d#0, %d#1 : tensor<4xf64>
  quantum.dealloc %r : !quantum.reg
  return %p : tensor<4xf64>
}

func.func @loss(%x: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %x0 = tensor.extract %x[%c0] : tensor<3xf64>
  %x1 = tensor.extract %x[%c1] : tensor<3xf64>
  %x2 = tensor.extract %x[%c2] : tensor<3xf64>
  // sum over k of pair(x0 k, x1 + s) * (k + 1)
  %sum = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %a = arith.mulf %x0, %kf : f64
    %b = arith.addf %x1, %s : f64
    %e = func.call @pair(%a, %b) : (f64, f64) -> f64
    %one = arith.constant 1.0 : f64
    %w = arith.addf %kf, %one : f64
    %t = arith.mulf %e, %w : f64
    %next = arith.addf %acc, %t : f64
    scf.yield %next : f64
  }
  %m = math.exp %x2 : f64
  %p = func.call @mixer(%m, %s) : (f64, f64) -> tensor<4xf64>
  %p0 = tensor.extract %p[%c0] : tensor<4xf64>
  %p3 = tensor.extract %p[%c3] : tensor<4xf64>
  %sq = arith.mulf %p3, %p3 : f64
  %r0 = arith.mulf %sum, %p0 : f64
  %r = arith.addf %r0, %sq : f64
  return %r : f64
}

func.func @dloss(%x: tensor<3xf64>, %s: f64) -> (f64, tensor<3xf64>, f64) {
  %v, %gx, %gs = gradient.value_and_grad @loss(%x, %s) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (f64, tensor<3xf64>, f64)
  return %v, %gx, %gs : f64, tensor<3xf64>, f64
}

func.func @probs_of(%x: tensor<2xf64>) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tensor.extract %x[%c0] : tensor<2xf64>
  %u = tensor.extract %x[%c1] : tensor<2xf64>
  %p = func.call @mixer(%t, %u) : (f64, f64) -> tensor<4xf64>
  return %p : tensor<4xf64>
}

func.func @probs_jacobian(%x: tensor<2xf64>) -> tensor<4x2xf64> {
  %j = gradient.grad @probs_of(%x) : (tensor<2xf64>) -> tensor<4x2xf64>
  return %j : tensor<4x2xf64>
}
