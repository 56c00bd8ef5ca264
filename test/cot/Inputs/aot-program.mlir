// The program of compile.test: a callback, tensors in and out, a gradient.
callback.declare @scaled_sin : (f64, f64) -> f64

// (a sin v0, v * v)
func.func @f(%a: f64, %v: tensor<3xf64>) -> (f64, tensor<3xf64>) {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %v[%c0] : tensor<3xf64>
  %y = callback.call @scaled_sin(%a, %x) : (f64, f64) -> f64
  %w = arith.mulf %v, %v : tensor<3xf64>
  return %y, %w : f64, tensor<3xf64>
}

// (a sin b)^2 and its gradient, through the host's gradient.
func.func @g(%a: f64, %b: f64) -> f64 {
  %y = callback.call @scaled_sin(%a, %b) : (f64, f64) -> f64
  %z = arith.mulf %y, %y : f64
  return %z : f64
}
func.func @dg(%a: f64, %b: f64) -> (f64, f64) {
  %ga, %gb = gradient.grad @g(%a, %b) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %ga, %gb : f64, f64
}

// A run-time error: an integer division by zero.
func.func @divide(%a: i64, %b: i64) -> i64 {
  %q = arith.divsi %a, %b : i64
  return %q : i64
}

// Reads x[3 - i] after writing y[i]: in place (one array for x and y) it
// must read the elements as they were before the call.
func.func @reverse(%x: tensor<4xf64>) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf64>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> (tensor<4xf64>) {
    %j = arith.subi %c3, %i : index
    %v = tensor.extract %x[%j] : tensor<4xf64>
    %n = tensor.insert %v into %acc[%i] : tensor<4xf64>
    scf.yield %n : tensor<4xf64>
  }
  return %r : tensor<4xf64>
}
