// Nested scf.for loops carrying a tensor; the inner loop replaces it by a
// constant, so the outer loop yields what the inner one made.
//   outer i < 2: inner j < 2: b += u[j] s, u := C = [1.5, 2.5, 3.5, 4.5]
//   f = s (x0 + C1) + s (C0 + C1) = s (x0 + 6.5)
//   df/dx = [s, 0, 0, 0], df/ds = x0 + 6.5
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 -- "[0.5, -1.0, 2.0, 0.3]" 0.7
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0, 0.3]" 0.7 | %expect "[0.7, 0, 0, 0]" "0.5 + 6.5"
func.func @f(%x: tensor<4xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %z, %t = %x) -> (f64, tensor<4xf64>) {
    %q:2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%b = %a, %u = %t) -> (f64, tensor<4xf64>) {
      %e = tensor.extract %u[%j] : tensor<4xf64>
      %p = arith.mulf %e, %s : f64
      %nb = arith.addf %b, %p : f64
      %cst = arith.constant dense<[1.5, 2.5, 3.5, 4.5]> : tensor<4xf64>
      scf.yield %nb, %cst : f64, tensor<4xf64>
    }
    scf.yield %q#0, %q#1 : f64, tensor<4xf64>
  }
  return %r#0 : f64
}
func.func @d_grad(%x: tensor<4xf64>, %s: f64) -> (tensor<4xf64>, f64) {
  %gx, %gs = gradient.grad @f(%x, %s) {argnums = array<i64: 0, 1>} : (tensor<4xf64>, f64) -> (tensor<4xf64>, f64)
  return %gx, %gs : tensor<4xf64>, f64
}
