// math.rsqrt and math.fpowi (integer exponent, itself inactive):
//   f(x, y) = rsqrt(x) y + fpowi(x, 3) fpowi(y, -2)      (x > 0, y != 0)
//   df/dx = -y / (2 x^(3/2)) + 3 x^2 / y^2
//   df/dy = 1/sqrt(x) - 2 x^3 / y^3
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): FD truncation
// s^2 |f'''| / 6 < 1e-10 (x >= 0.8, |y| >= 0.9), rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.7 0.9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.8 -2.5
// RUN: cot run %s --entry df -- 1.7 0.9 | %expect --tol 1e-12 \
// RUN:   "-0.9/(2*1.7**1.5) + 3*1.7**2/0.9**2" "1/math.sqrt(1.7) - 2*1.7**3/0.9**3"

func.func @f(%x: f64, %y: f64) -> f64 {
  %three = arith.constant 3 : i32
  %mtwo = arith.constant -2 : i32
  %r = math.rsqrt %x : f64
  %a = arith.mulf %r, %y : f64
  %x3 = math.fpowi %x, %three : f64, i32
  %ym2 = math.fpowi %y, %mtwo : f64, i32
  %b = arith.mulf %x3, %ym2 : f64
  %s = arith.addf %a, %b : f64
  return %s : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
