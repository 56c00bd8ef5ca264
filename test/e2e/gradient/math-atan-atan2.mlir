// math.atan and math.atan2 (w.r.t. both operands, in three quadrants, away
// from the branch cut on the negative x axis):
//   f(x, y) = 2 atan(x) + atan2(y, x)
//   df/dx = 2 / (1 + x^2) - y / (x^2 + y^2)
//   df/dy = x / (x^2 + y^2)
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): FD truncation
// s^2 |f'''| / 6 < 1e-11 (x^2 + y^2 >= 0.89), rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.8 0.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.1 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -0.6 -1.4
// RUN: cot run %s --entry df -- -1.1 0.7 | %expect --tol 1e-12 \
// RUN:   "2/(1 + 1.21) - 0.7/(1.21 + 0.49)" "-1.1/(1.21 + 0.49)"

func.func @f(%x: f64, %y: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %a = math.atan %x : f64
  %a2 = arith.mulf %two, %a : f64
  %b = math.atan2 %y, %x : f64
  %r = arith.addf %a2, %b : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
