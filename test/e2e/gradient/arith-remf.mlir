// arith.remf (C fmod: a - trunc(a/b) b) w.r.t. both operands:
//   f(x, y) = remf(x^2, y) y + remf(x, 0.75)
//   d remf(a, b)/da = 1,  d remf(a, b)/db = -trunc(a/b)
//   df/dx = 2x y + 1
//   df/dy = remf(x^2, y) - y trunc(x^2/y)
// Test points keep x^2/y and x/0.75 well away from integers (the kinks):
// (1.7, 0.9): 3.21 and 2.27; (-1.3, 0.9): 1.88 and -1.73; (2.3, -1.6): -3.31
// and 3.07.
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8); f is a polynomial
// between kinks, so FD truncation is s^2 |f'''| / 6 = 0 and rounding
// ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.7 0.9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.3 0.9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.3 -1.6
// RUN: cot run %s --entry df -- 1.7 0.9 | %expect --tol 1e-12 \
// RUN:   "2*1.7*0.9 + 1" "math.fmod(1.7**2, 0.9) - 0.9*math.trunc(1.7**2/0.9)"

func.func @f(%x: f64, %y: f64) -> f64 {
  %c = arith.constant 0.75 : f64
  %x2 = arith.mulf %x, %x : f64
  %r1 = arith.remf %x2, %y : f64
  %a = arith.mulf %r1, %y : f64
  %r2 = arith.remf %x, %c : f64
  %r = arith.addf %a, %r2 : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
