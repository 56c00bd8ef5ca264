// Ops without a derivative rule are fine where they are inactive: here
// math.acosh and math.floor only see values that do not depend on the
// differentiated argument (an integer argument, a constant and a
// non-differentiated float argument), so the gradient w.r.t. x must compile
// and be exact. Activity comes from the data flow, not from the op.
//   c = acosh(n + 1.5) floor(y)     (inactive: n, y not differentiated)
//   f(x, y, n) = c x^2 + sin(x c)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): FD truncation
// s^2 |f'''| / 6 < 1e-10, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df -- 0.7 2.5 3
// RUN: %gradcheck %s --primal f --grad df -- -1.2 -1.5 0
// RUN: cot run %s --entry df -- 0.7 2.5 3 | %expect --tol 1e-12 \
// RUN:   "(lambda c: 2*c*0.7 + c*math.cos(0.7*c))(math.acosh(4.5)*2.0)"

func.func @f(%x: f64, %y: f64, %n: i64) -> f64 {
  %k = arith.constant 1.5 : f64
  %nf = arith.sitofp %n : i64 to f64
  %a = arith.addf %nf, %k : f64
  %ac = math.acosh %a : f64
  %fl = math.floor %y : f64
  %c = arith.mulf %ac, %fl : f64
  %x2 = arith.mulf %x, %x : f64
  %t = arith.mulf %c, %x2 : f64
  %xc = arith.mulf %x, %c : f64
  %s = math.sin %xc : f64
  %r = arith.addf %t, %s : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64, %n: i64) -> f64 {
  %g = gradient.grad @f(%x, %y, %n) : (f64, f64, i64) -> f64
  return %g : f64
}
