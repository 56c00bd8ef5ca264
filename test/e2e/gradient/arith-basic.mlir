// Closed form with arith.addf, subf, mulf, divf and negf:
//   f(x, y) = (x + y)(x - y) / (y^2 + 1) + (-x) y
//   df/dx = 2x / (y^2 + 1) - y
//   df/dy = -2y / (y^2 + 1) - 2y (x^2 - y^2) / (y^2 + 1)^2 - x
// Checked against central finite differences of @f and, at one point,
// against the formulas above.
// Tolerance: the gradcheck defaults (rtol 1e-6, atol 1e-8): the step
// s = 1e-6 max(1, |x|) gives FD truncation s^2 |f'''| / 6 < 1e-11 and
// rounding ~1e-16 |f| / s < 1e-9 here (|f| < 5); the AD result is exact to
// a few ulps. The analytic check uses 1e-12 (a few ulps of values ~1).
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -2.1 0.4
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.5 -3.25
// RUN: cot run %s --entry df -- 0.7 1.3 | %expect --tol 1e-12 \
// RUN:   "2*0.7/(1.3**2 + 1) - 1.3" \
// RUN:   "-2*1.3/(1.3**2 + 1) - 2*1.3*(0.7**2 - 1.3**2)/(1.3**2 + 1)**2 - 0.7"

func.func @f(%x: f64, %y: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %s = arith.addf %x, %y : f64
  %d = arith.subf %x, %y : f64
  %p = arith.mulf %s, %d : f64
  %y2 = arith.mulf %y, %y : f64
  %q = arith.addf %y2, %one : f64
  %a = arith.divf %p, %q : f64
  %n = arith.negf %x : f64
  %b = arith.mulf %n, %y : f64
  %r = arith.addf %a, %b : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
