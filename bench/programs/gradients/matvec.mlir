// 50 steps of x <- tanh(A x) with a 128x128 matrix, written as explicit
// loops over buffer elements; loss = sum(x); gradient with respect to A and
// the initial x.
func.func @f(%a: tensor<128x128xf64>, %x0: tensor<128xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 128 : index
  %steps = arith.constant 50 : index
  %zero = arith.constant 0.0 : f64
  %xs = scf.for %s = %c0 to %steps step %c1 iter_args(%x = %x0) -> (tensor<128xf64>) {
    %e = tensor.empty() : tensor<128xf64>
    %y = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> (tensor<128xf64>) {
      %dot = scf.for %j = %c0 to %n step %c1 iter_args(%d = %zero) -> (f64) {
        %aij = tensor.extract %a[%i, %j] : tensor<128x128xf64>
        %xj = tensor.extract %x[%j] : tensor<128xf64>
        %p = arith.mulf %aij, %xj : f64
        %dn = arith.addf %d, %p : f64
        scf.yield %dn : f64
      }
      %t = math.tanh %dot : f64
      %acc1 = tensor.insert %t into %acc[%i] : tensor<128xf64>
      scf.yield %acc1 : tensor<128xf64>
    }
    scf.yield %y : tensor<128xf64>
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = tensor.extract %xs[%i] : tensor<128xf64>
    %a1 = arith.addf %acc, %v : f64
    scf.yield %a1 : f64
  }
  return %sum : f64
}
func.func @df(%a: tensor<128x128xf64>, %x0: tensor<128xf64>) -> (tensor<128x128xf64>, tensor<128xf64>) {
  %g:2 = gradient.grad @f(%a, %x0) {argnums = array<i64: 0, 1>} : (tensor<128x128xf64>, tensor<128xf64>) -> (tensor<128x128xf64>, tensor<128xf64>)
  return %g#0, %g#1 : tensor<128x128xf64>, tensor<128xf64>
}
