// scf.while that runs to convergence: Newton's iteration for sqrt(a),
// y <- (y + a / y) / 2 from y = a + 1 until |y^2 - a| <= 1e-13 a. The loop
// condition is computed in the "before" region from the carried value.
//   f(a, b) = b sqrt_newton(a) + sqrt_newton(a b)
//   df/da ~ b / (2 sqrt a) + b / (2 sqrt(a b))
//   df/db ~ sqrt a + a / (2 sqrt(a b))
// Differentiating the iterations reproduces the derivative of sqrt to the
// convergence tolerance (Newton converges quadratically, and so does the
// derivative of the iterate).
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): the trip count is locally
// constant; FD truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.0 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 9.5 1.8
// RUN: cot run %s --entry df -- 2.0 0.7 | %expect --tol 1e-10 \
// RUN:   "0.7/(2*math.sqrt(2.0)) + 0.7/(2*math.sqrt(1.4))" "math.sqrt(2.0) + 2.0/(2*math.sqrt(1.4))"

func.func private @sqrt_newton(%a: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %tol = arith.constant 1.0e-13 : f64
  %eps = arith.mulf %a, %tol : f64
  %y0 = arith.addf %a, %one : f64
  %y = scf.while (%yw = %y0) : (f64) -> f64 {
    %y2 = arith.mulf %yw, %yw : f64
    %res = arith.subf %y2, %a : f64
    %abs = math.absf %res : f64
    %go = arith.cmpf ogt, %abs, %eps : f64
    scf.condition(%go) %yw : f64
  } do {
  ^bb0(%yb: f64):
    %q = arith.divf %a, %yb : f64
    %s = arith.addf %yb, %q : f64
    %yn = arith.mulf %s, %half : f64
    scf.yield %yn : f64
  }
  return %y : f64
}

func.func @f(%a: f64, %b: f64) -> f64 {
  %s = func.call @sqrt_newton(%a) : (f64) -> f64
  %t = arith.mulf %b, %s : f64
  %ab = arith.mulf %a, %b : f64
  %u = func.call @sqrt_newton(%ab) : (f64) -> f64
  %r = arith.addf %t, %u : f64
  return %r : f64
}

func.func @df(%a: f64, %b: f64) -> (f64, f64) {
  %ga, %gb = gradient.grad @f(%a, %b) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %ga, %gb : f64, f64
}
