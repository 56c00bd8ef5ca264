// Sixteen calls of an in-place helper with a loop and a branch: after
// inlining one differentiated function holds more than 48 blocks. Planning
// nested blocks must not invalidate what the plan of the enclosing block
// holds (it once did, nondeterministically).
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 --rtol 1e-5 -- "[0.5, -1.0, 2.0, 0.3]" 0.7
// RUN: %gradcheck %s --primal f --jvp d_jvp --argnums 0,1 --rtol 1e-5 -- "[0.5, -1.0, 2.0, 0.3]" 0.7 -- "[0.1, 0.2, -0.3, 0.4]" 0.5
func.func @bump(%t: tensor<4xf64>, %s: f64) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t) -> (tensor<4xf64>) {
    %e = tensor.extract %a[%i] : tensor<4xf64>
    %neg = arith.cmpf olt, %e, %zero : f64
    %v = scf.if %neg -> (f64) {
      %m = arith.mulf %e, %s : f64
      scf.yield %m : f64
    } else {
      %m = math.sin %e : f64
      %m2 = arith.addf %m, %s : f64
      scf.yield %m2 : f64
    }
    %u = tensor.insert %v into %a[%i] : tensor<4xf64>
    scf.yield %u : tensor<4xf64>
  }
  return %r : tensor<4xf64>
}
func.func @f(%x: tensor<4xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %t0 = func.call @bump(%x, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t1 = func.call @bump(%t0, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t2 = func.call @bump(%t1, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t3 = func.call @bump(%t2, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t4 = func.call @bump(%t3, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t5 = func.call @bump(%t4, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t6 = func.call @bump(%t5, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t7 = func.call @bump(%t6, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t8 = func.call @bump(%t7, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t9 = func.call @bump(%t8, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t10 = func.call @bump(%t9, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t11 = func.call @bump(%t10, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t12 = func.call @bump(%t11, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t13 = func.call @bump(%t12, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t14 = func.call @bump(%t13, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %t15 = func.call @bump(%t14, %s) : (tensor<4xf64>, f64) -> tensor<4xf64>
  %r = tensor.extract %t15[%c0] : tensor<4xf64>
  return %r : f64
}
func.func @d_grad(%x: tensor<4xf64>, %s: f64) -> (tensor<4xf64>, f64) {
  %gx, %gs = gradient.grad @f(%x, %s) {argnums = array<i64: 0, 1>} : (tensor<4xf64>, f64) -> (tensor<4xf64>, f64)
  return %gx, %gs : tensor<4xf64>, f64
}
func.func @d_jvp(%x: tensor<4xf64>, %s: f64, %dx: tensor<4xf64>, %ds: f64) -> (f64, f64) {
  %r, %t = gradient.jvp @f(%x, %s) tangents(%dx, %ds) {argnums = array<i64: 0, 1>}
      : (tensor<4xf64>, f64, tensor<4xf64>, f64) -> (f64, f64)
  return %r, %t : f64, f64
}
