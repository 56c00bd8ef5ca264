// math.sqrt and math.powf (w.r.t. base and exponent):
//   f(x, y) = sqrt(x^2 + y) powf(x, y)           (x > 0, x^2 + y > 0)
//   df/dx = x x^y / sqrt(x^2 + y) + sqrt(x^2 + y) y x^(y-1)
//   df/dy = x^y / (2 sqrt(x^2 + y)) + sqrt(x^2 + y) x^y ln x
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): FD truncation
// s^2 |f'''| / 6 < 1e-10 at these points (x >= 0.5, x^2 + y >= 2.5),
// rounding ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.3 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.5 2.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.0 -1.5
// RUN: cot run %s --entry df -- 1.3 0.7 | %expect --tol 1e-12 \
// RUN:   "1.3*1.3**0.7/math.sqrt(1.3**2 + 0.7) + math.sqrt(1.3**2 + 0.7)*0.7*1.3**(0.7 - 1)" \
// RUN:   "1.3**0.7/(2*math.sqrt(1.3**2 + 0.7)) + math.sqrt(1.3**2 + 0.7)*1.3**0.7*math.log(1.3)"

func.func @f(%x: f64, %y: f64) -> f64 {
  %x2 = arith.mulf %x, %x : f64
  %a = arith.addf %x2, %y : f64
  %s = math.sqrt %a : f64
  %p = math.powf %x, %y : f64
  %r = arith.mulf %s, %p : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
