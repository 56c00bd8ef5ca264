// Second derivatives: the gradient of a function that itself calls
// gradient.grad, checked against finite differences of the first-derivative
// entry and against the analytic formula.
//   f(x)   = x^3 sin x
//   f'(x)  = 3 x^2 sin x + x^3 cos x
//   f''(x) = 6 x sin x + 6 x^2 cos x - x^3 sin x
// And a function that uses its own derivative (a gradient penalty):
//   g(x) = f(x) + f'(x)^2 / 2,  g'(x) = f'(x) + f'(x) f''(x)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): @df is exact to a few ulps,
// so FD of it has truncation s^2 |f''''| / 6 < 1e-10 and rounding < 1e-9
// (|f'| < 30 at these points); the analytic checks use 1e-11 (a few ulps of
// values up to 100).
// RUN: %gradcheck %s --primal f --grad df -- 0.8
// RUN: %gradcheck %s --primal df --grad ddf -- 0.8
// RUN: %gradcheck %s --primal df --grad ddf -- -2.3
// RUN: %gradcheck %s --primal g --grad dg -- 1.7
// RUN: %gradcheck %s --primal g --grad dg -- -0.6
// RUN: cot run %s --entry ddf -- 0.8 | %expect --tol 1e-11 \
// RUN:   "6*0.8*math.sin(0.8) + 6*0.8**2*math.cos(0.8) - 0.8**3*math.sin(0.8)"
// RUN: cot run %s --entry dg -- 1.7 | %expect --tol 1e-11 \
// RUN:   "(lambda x: (3*x**2*math.sin(x) + x**3*math.cos(x))*(1 + 6*x*math.sin(x) + 6*x**2*math.cos(x) - x**3*math.sin(x)))(1.7)"

func.func @f(%x: f64) -> f64 {
  %x2 = arith.mulf %x, %x : f64
  %x3 = arith.mulf %x2, %x : f64
  %s = math.sin %x : f64
  %r = arith.mulf %x3, %s : f64
  return %r : f64
}

func.func @df(%x: f64) -> f64 {
  %d = gradient.grad @f(%x) : (f64) -> f64
  return %d : f64
}

func.func @ddf(%x: f64) -> f64 {
  %dd = gradient.grad @df(%x) : (f64) -> f64
  return %dd : f64
}

func.func @g(%x: f64) -> f64 {
  %half = arith.constant 0.5 : f64
  %v = func.call @f(%x) : (f64) -> f64
  %d = gradient.grad @f(%x) : (f64) -> f64
  %d2 = arith.mulf %d, %d : f64
  %p = arith.mulf %d2, %half : f64
  %r = arith.addf %v, %p : f64
  return %r : f64
}

func.func @dg(%x: f64) -> f64 {
  %d = gradient.grad @g(%x) : (f64) -> f64
  return %d : f64
}
