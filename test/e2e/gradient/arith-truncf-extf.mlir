// arith.truncf f64 -> f32 and arith.extf f32 -> f64 inside an f64 function:
//   f(x, y) = extf(truncf(x) * truncf(y)) + x^2 y
//   df/dx = y + 2 x y,  df/dy = x + x^2     (up to f32 rounding of x and y)
// The product is computed in f32, so @f is piecewise constant at the f32
// resolution (relative 6e-8): a step of 1e-6 would only see that staircase.
// Tolerance: step h = 1e-2; f is a polynomial of degree 2 in each argument,
// so central FD truncation is 0 and the error is the f32 rounding of the
// product, ~6e-8 |x y| / 1e-2 ~ 1e-5 relative, plus the derivative itself
// using f32(y) for y (6e-8): rtol 1e-4, atol 1e-5.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --h 1e-2 --rtol 1e-4 --atol 1e-5 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --h 1e-2 --rtol 1e-4 --atol 1e-5 -- -2.2 0.45
// RUN: cot run %s --entry df -- 0.7 1.3 | %expect --tol 1e-6 "1.3 + 2*0.7*1.3" "0.7 + 0.7**2"

func.func @f(%x: f64, %y: f64) -> f64 {
  %xs = arith.truncf %x : f64 to f32
  %ys = arith.truncf %y : f64 to f32
  %ps = arith.mulf %xs, %ys : f32
  %p = arith.extf %ps : f32 to f64
  %x2 = arith.mulf %x, %x : f64
  %q = arith.mulf %x2, %y : f64
  %r = arith.addf %p, %q : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
