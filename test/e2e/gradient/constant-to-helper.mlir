// A constant tensor passed to a helper next to an active one: the constant
// carries no derivative (the helper's derivative gets scratch space for it).
// f(x) = dot(x, C) x0, C = [1, 2, 3]: df/dx = C x0 + e0 dot(x, C).
// RUN: %gradcheck %s --primal f --grad d_grad -- "[0.5, -1.0, 2.0]"
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0]" | %expect "[0.5 + 4.5, 1.0, 1.5]"
// RUN: cot run %s --no-optimize-before-ad --entry d_jvp -- "[0.5, -1.0, 2.0]" "[1.0, 0.0, 0.0]" | %expect "4.5 * 0.5" "5.0"
func.func @dot(%a: tensor<3xf64>, %b: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f64) {
    %x = tensor.extract %a[%i] : tensor<3xf64>
    %y = tensor.extract %b[%i] : tensor<3xf64>
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %acc, %p : f64
    scf.yield %s : f64
  }
  return %r : f64
}
func.func @f(%x: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %d = func.call @dot(%x, %cst) : (tensor<3xf64>, tensor<3xf64>) -> f64
  %x0 = tensor.extract %x[%c0] : tensor<3xf64>
  %r = arith.mulf %d, %x0 : f64
  return %r : f64
}
func.func @d_grad(%x: tensor<3xf64>) -> tensor<3xf64> {
  %g = gradient.grad @f(%x) : (tensor<3xf64>) -> tensor<3xf64>
  return %g : tensor<3xf64>
}
func.func @d_jvp(%x: tensor<3xf64>, %dx: tensor<3xf64>) -> (f64, f64) {
  %r, %t = gradient.jvp @f(%x) tangents(%dx) : (tensor<3xf64>, tensor<3xf64>) -> (f64, f64)
  return %r, %t : f64, f64
}
