// The operand max/min does not choose gets a zero derivative even when the
// adjoint reaching it is infinite (0 * inf would make it NaN): f(x, y) =
// big * max(x, y) * big with big * big = inf, at x > y: df/dx = inf, df/dy = 0;
// and the same through min at x < y.
// RUN: cot run %s --entry dmax -- 2.0 1.0 | FileCheck %s --check-prefix=MAX
// MAX: Infinity
// MAX-NEXT: {{^}}0{{$}}
// RUN: cot run %s --entry dmin -- 1.0 2.0 | FileCheck %s --check-prefix=MIN
// MIN: Infinity
// MIN-NEXT: {{^}}0{{$}}

func.func @max(%x: f64, %y: f64) -> f64 {
  %big = arith.constant 1.0e300 : f64
  %m = arith.maximumf %x, %y : f64
  %a = arith.mulf %big, %m : f64
  %r = arith.mulf %a, %big : f64
  return %r : f64
}
func.func @dmax(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @max(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}

func.func @min(%x: f64, %y: f64) -> f64 {
  %big = arith.constant 1.0e300 : f64
  %m = arith.minimumf %x, %y : f64
  %a = arith.mulf %big, %m : f64
  %r = arith.mulf %a, %big : f64
  return %r : f64
}
func.func @dmin(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @min(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
