// gradient.custom_grad on a function called once. The primal uses
// math.cbrt, an op outside the required rule set, so the derivative must
// come from the custom pair (fwd saves the result as residual; rev computes
// ct / (3 r^2)), not from differentiating the body:
//   cbrt_c(t) = cbrt(t);  f(x, y) = y cbrt_c(x^2 + y^2 + 1)
//   df/dx = 2 x y / (3 q^(2/3)),  df/dy = q^(1/3) + 2 y^2 / (3 q^(2/3)),  q = x^2 + y^2 + 1
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth (q >= 1), FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -2.1 -0.4
// RUN: cot run %s --entry df -- 0.7 1.3 | %expect --tol 1e-12 \
// RUN:   "2*0.7*1.3/(3*(0.49 + 1.69 + 1)**(2/3))" "(0.49 + 1.69 + 1)**(1/3) + 2*1.69/(3*(0.49 + 1.69 + 1)**(2/3))"

func.func private @cbrt_c(%t: f64) -> f64 {
  %r = math.cbrt %t : f64
  return %r : f64
}

func.func private @cbrt_c_fwd(%t: f64) -> (f64, f64) {
  %r = math.cbrt %t : f64
  return %r, %r : f64, f64
}

func.func private @cbrt_c_rev(%r: f64, %ct: f64) -> f64 {
  %three = arith.constant 3.0 : f64
  %r2 = arith.mulf %r, %r : f64
  %d = arith.mulf %three, %r2 : f64
  %g = arith.divf %ct, %d : f64
  return %g : f64
}

gradient.custom_grad @cbrt_c fwd(@cbrt_c_fwd) rev(@cbrt_c_rev)

func.func @f(%x: f64, %y: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %x2 = arith.mulf %x, %x : f64
  %y2 = arith.mulf %y, %y : f64
  %s = arith.addf %x2, %y2 : f64
  %q = arith.addf %s, %one : f64
  %c = func.call @cbrt_c(%q) : (f64) -> f64
  %r = arith.mulf %y, %c : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
