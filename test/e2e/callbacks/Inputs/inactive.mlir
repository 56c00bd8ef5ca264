callback.declare @log_step : (i64, f64) -> ()
// f(x) = x + 0 + 1 + 2, logging each partial sum and printing x once.
func.func @f(%x: f64) -> f64 {
  callback.print %x : f64
  %v = arith.constant dense<[0, 1]> : tensor<2xi64>
  callback.print %v : tensor<2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %x) -> f64 {
    %k = arith.index_cast %i : index to i64
    callback.call @log_step(%k, %s) : (i64, f64) -> ()
    %one = arith.constant 1.0 : f64
    %n = arith.addf %s, %one : f64
    scf.yield %n : f64
  }
  return %r : f64
}
func.func @main(%x: f64) -> (f64, f64) {
  %y = call @f(%x) : (f64) -> f64
  %d = arith.constant 3.0 : f64
  %g = gradient.grad @f(%x) : (f64) -> f64
  %dg = arith.mulf %d, %g : f64
  return %y, %dg : f64, f64
}
// value_and_grad: one forward execution gives the value and the gradient.
func.func @value_and_grad(%x: f64) -> (f64, f64) {
  %v, %g = gradient.value_and_grad @f(%x) : (f64) -> (f64, f64)
  return %v, %g : f64, f64
}
