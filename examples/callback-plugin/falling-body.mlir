// A body falling through air for 100 steps of 0.01 s, its drag computed by
// the host (drag.cpp). main returns the speed reached and its derivative
// with respect to the drag coefficient c, through the host's own gradient.
//   cot run falling-body.mlir --load ./libdrag.so -- 0.1
callback.declare @drag : (f64, f64) -> f64

func.func @speed(%c: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %g = arith.constant 9.81 : f64
  %dt = arith.constant 0.01 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant 100 : index
  %v = scf.for %i = %c0 to %steps step %c1 iter_args(%v = %zero) -> f64 {
    %d = callback.call @drag(%v, %c) : (f64, f64) -> f64
    %a = arith.subf %g, %d : f64
    %dv = arith.mulf %a, %dt : f64
    %next = arith.addf %v, %dv : f64
    scf.yield %next : f64
  }
  return %v : f64
}

func.func @main(%c: f64) -> (f64, f64) {
  %v = call @speed(%c) : (f64) -> f64
  %dv = gradient.grad @speed(%c) : (f64) -> f64
  return %v, %dv : f64, f64
}
