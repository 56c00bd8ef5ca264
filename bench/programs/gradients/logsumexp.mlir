// log(sum(exp(x_i - m))) + m over 100000 values (m = max, for stability);
// gradient with respect to x.
func.func @f(%x: tensor<100000xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  %lowest = arith.constant -1.0e300 : f64
  %zero = arith.constant 0.0 : f64
  %m = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %lowest) -> (f64) {
    %xi = tensor.extract %x[%i] : tensor<100000xf64>
    %mx = arith.maximumf %acc, %xi : f64
    scf.yield %mx : f64
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = tensor.extract %x[%i] : tensor<100000xf64>
    %d = arith.subf %xi, %m : f64
    %e = math.exp %d : f64
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  %l = math.log %s : f64
  %r = arith.addf %l, %m : f64
  return %r : f64
}
func.func @df(%x: tensor<100000xf64>) -> tensor<100000xf64> {
  %g = gradient.grad @f(%x) : (tensor<100000xf64>) -> tensor<100000xf64>
  return %g : tensor<100000xf64>
}
