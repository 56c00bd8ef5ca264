// math.tanh, math.sinh, math.cosh:
//   f(x, y) = tanh(x y) + sinh(x) cosh(y)
//   df/dx = y (1 - tanh^2(x y)) + cosh x cosh y
//   df/dy = x (1 - tanh^2(x y)) + sinh x sinh y
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): FD truncation
// s^2 |f'''| / 6 < 1e-11 (|f'''| < 30), rounding ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.5 1.2
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.4 0.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.1 -0.8
// RUN: cot run %s --entry df -- 0.5 1.2 | %expect --tol 1e-12 \
// RUN:   "1.2*(1 - math.tanh(0.6)**2) + math.cosh(0.5)*math.cosh(1.2)" \
// RUN:   "0.5*(1 - math.tanh(0.6)**2) + math.sinh(0.5)*math.sinh(1.2)"

func.func @f(%x: f64, %y: f64) -> f64 {
  %xy = arith.mulf %x, %y : f64
  %t = math.tanh %xy : f64
  %s = math.sinh %x : f64
  %c = math.cosh %y : f64
  %p = arith.mulf %s, %c : f64
  %r = arith.addf %t, %p : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
