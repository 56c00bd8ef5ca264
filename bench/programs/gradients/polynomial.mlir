// Horner evaluation of a degree-99999 polynomial; gradient with respect to x
// and every coefficient.
func.func @f(%x: f64, %c: tensor<100000xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  %zero = arith.constant 0.0 : f64
  %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %ci = tensor.extract %c[%i] : tensor<100000xf64>
    %m = arith.mulf %acc, %x : f64
    %a = arith.addf %m, %ci : f64
    scf.yield %a : f64
  }
  return %p : f64
}
func.func @df(%x: f64, %c: tensor<100000xf64>) -> (f64, tensor<100000xf64>) {
  %gx, %gc = gradient.grad @f(%x, %c) {argnums = array<i64: 0, 1>} : (f64, tensor<100000xf64>) -> (f64, tensor<100000xf64>)
  return %gx, %gc : f64, tensor<100000xf64>
}
