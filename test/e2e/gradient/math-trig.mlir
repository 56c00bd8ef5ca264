// math.sin, math.cos, math.tan:
//   f(x, y) = sin(x) cos(y) + tan(x y)
//   df/dx = cos x cos y + y / cos^2(x y)
//   df/dy = -sin x sin y + x / cos^2(x y)
// x y stays away from the poles of tan (|x y| <= 0.6).
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): FD truncation
// s^2 |f'''| / 6 < 1e-11 (|f'''| < 20 here), rounding ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.4 1.1
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.2 0.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.0 0.3
// RUN: cot run %s --entry df -- 0.4 1.1 | %expect --tol 1e-12 \
// RUN:   "math.cos(0.4)*math.cos(1.1) + 1.1/math.cos(0.4*1.1)**2" \
// RUN:   "-math.sin(0.4)*math.sin(1.1) + 0.4/math.cos(0.4*1.1)**2"

func.func @f(%x: f64, %y: f64) -> f64 {
  %s = math.sin %x : f64
  %c = math.cos %y : f64
  %a = arith.mulf %s, %c : f64
  %xy = arith.mulf %x, %y : f64
  %t = math.tan %xy : f64
  %r = arith.addf %a, %t : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
