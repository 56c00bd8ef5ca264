// A loop-carried tensor (and a float) that starts as an active argument and
// is replaced by a constant in the first iteration: the slot is active, the
// constant carries no derivative.
//   f(x, s) = sum_i t_i[i] s, t_0 = x, t_k = C: f = x0 s + (C1 + C2) s
//   h(x) = sum_{k<3} t_k x, t_0 = x, t_k = 2: h = x^2 + 4x
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 -- "[0.5, -1.0, 2.0]" 0.7
// RUN: %gradcheck %s --primal f --jvp d_jvp --argnums 0,1 -- "[0.5, -1.0, 2.0]" 0.7 -- "[1.0, 2.0, 3.0]" 0.1
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0]" 0.7 | %expect "[0.7, 0, 0]" "0.5 + 2.5 + 3.5"
// RUN: cot run %s --no-optimize-before-ad --entry d_jvp -- "[0.5, -1.0, 2.0]" 0.7 "[1.0, 2.0, 3.0]" 0.1 | %expect "0.35 + 4.2" "0.7 + 0.65"
// RUN: cot run %s --entry dh_jvp -- 1.5 1.0 | %expect "1.5**2 + 6" "2 * 1.5 + 4"
// RUN: cot run %s --entry dh_grad -- 1.5 | %expect "2 * 1.5 + 4"
func.func @f(%x: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x, %acc = %z) -> (tensor<3xf64>, f64) {
    %e = tensor.extract %t[%i] : tensor<3xf64>
    %p = arith.mulf %e, %s : f64
    %a = arith.addf %acc, %p : f64
    %cst = arith.constant dense<[1.5, 2.5, 3.5]> : tensor<3xf64>
    scf.yield %cst, %a : tensor<3xf64>, f64
  }
  return %r#1 : f64
}
func.func @d_grad(%x: tensor<3xf64>, %s: f64) -> (tensor<3xf64>, f64) {
  %gx, %gs = gradient.grad @f(%x, %s) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  return %gx, %gs : tensor<3xf64>, f64
}
func.func @d_jvp(%x: tensor<3xf64>, %s: f64, %dx: tensor<3xf64>, %ds: f64) -> (f64, f64) {
  %r, %t = gradient.jvp @f(%x, %s) tangents(%dx, %ds) {argnums = array<i64: 0, 1>}
      : (tensor<3xf64>, f64, tensor<3xf64>, f64) -> (f64, f64)
  return %r, %t : f64, f64
}
func.func @h(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x, %acc = %z) -> (f64, f64) {
    %p = arith.mulf %t, %x : f64
    %a = arith.addf %acc, %p : f64
    %k = arith.constant 2.0 : f64
    scf.yield %k, %a : f64, f64
  }
  return %r#1 : f64
}
func.func @dh_jvp(%x: f64, %dx: f64) -> (f64, f64) {
  %r, %t = gradient.jvp @h(%x) tangents(%dx) : (f64, f64) -> (f64, f64)
  return %r, %t : f64, f64
}
func.func @dh_grad(%x: f64) -> f64 {
  %g = gradient.grad @h(%x) : (f64) -> f64
  return %g : f64
}
