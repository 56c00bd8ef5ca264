// Unstructured control flow: cf.cond_br and cf.br with block arguments, a
// diamond and a three-way chain that join in one block.
//   v = x < 0          ? x y
//     : x < 1          ? exp(x) - y
//     :                  x^2 / y
//   f(x, y) = v y + sin(x)
// Points in each region, away from x = 0 and x = 1.
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth in each region, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -0.8 1.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.4 -0.9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.5 1.25
// At (2.5, 1.25): f = x^2 + sin x, df/dx = 2x + cos x, df/dy = 0.
// RUN: cot run %s --entry df -- 2.5 1.25 | %expect --tol 1e-12 "5.0 + math.cos(2.5)" "0.0"

func.func @f(%x: f64, %y: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %neg = arith.cmpf olt, %x, %zero : f64
  cf.cond_br %neg, ^negative(%x, %y : f64, f64), ^nonnegative
^negative(%a: f64, %b: f64):
  %p = arith.mulf %a, %b : f64
  cf.br ^join(%p : f64)
^nonnegative:
  %small = arith.cmpf olt, %x, %one : f64
  cf.cond_br %small, ^middle, ^large(%x : f64)
^middle:
  %e = math.exp %x : f64
  %m = arith.subf %e, %y : f64
  cf.br ^join(%m : f64)
^large(%c: f64):
  %c2 = arith.mulf %c, %c : f64
  %q = arith.divf %c2, %y : f64
  cf.br ^join(%q : f64)
^join(%v: f64):
  %vy = arith.mulf %v, %y : f64
  %s = math.sin %x : f64
  %r = arith.addf %vy, %s : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
