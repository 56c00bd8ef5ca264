// math.erf and math.absf (on both sides of its kink at 0):
//   f(x, y) = erf(x y) + |x| y + |sin y|
//   df/dx = 2/sqrt(pi) y exp(-(x y)^2) + sign(x) y
//   df/dy = 2/sqrt(pi) x exp(-(x y)^2) + |x| + sign(sin y) cos y
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): smooth away from
// x = 0 and sin y = 0, FD truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.6 1.1
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -0.9 -0.4
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.3 4.0
// RUN: cot run %s --entry df -- -0.9 -0.4 | %expect --tol 1e-12 \
// RUN:   "2/math.sqrt(math.pi)*(-0.4)*math.exp(-0.36**2) + 0.4" \
// RUN:   "2/math.sqrt(math.pi)*(-0.9)*math.exp(-0.36**2) + 0.9 - math.cos(-0.4)"

func.func @f(%x: f64, %y: f64) -> f64 {
  %xy = arith.mulf %x, %y : f64
  %e = math.erf %xy : f64
  %ax = math.absf %x : f64
  %a = arith.mulf %ax, %y : f64
  %s = math.sin %y : f64
  %as = math.absf %s : f64
  %r0 = arith.addf %e, %a : f64
  %r = arith.addf %r0, %as : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
