// math.exp, exp2, expm1, log, log2, log10, log1p:
//   f(x, y) = exp(x) + exp2(y) expm1(x y) + log(x) log2(y) + log10(x + y) + log1p(x^2)
//   df/dx = e^x + 2^y y e^{xy} + log2(y)/x + 1/((x+y) ln 10) + 2x/(1+x^2)
//   df/dy = ln2 2^y expm1(xy) + 2^y x e^{xy} + ln(x)/(y ln 2) + 1/((x+y) ln 10)
// Domain x, y > 0. The third point has a small x y, where expm1 and log1p
// matter.
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): FD truncation
// s^2 |f'''| / 6 < 1e-10 (|f'''| < 100 at these points since x >= 0.05 and
// log'''(x) = 2/x^3 <= 1.6e4 gives s^2 1.6e4/6 ~ 3e-9 at most), rounding
// ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.6 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.2 0.4
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.05 0.02
// RUN: cot run %s --entry df -- 0.6 1.3 | %expect --tol 1e-12 \
// RUN:   "math.exp(0.6) + 2**1.3*1.3*math.exp(0.78) + math.log2(1.3)/0.6 + 1/(1.9*math.log(10)) + 1.2/1.36" \
// RUN:   "math.log(2)*2**1.3*math.expm1(0.78) + 2**1.3*0.6*math.exp(0.78) + math.log(0.6)/(1.3*math.log(2)) + 1/(1.9*math.log(10))"

func.func @f(%x: f64, %y: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %e = math.exp %x : f64
  %e2 = math.exp2 %y : f64
  %xy = arith.mulf %x, %y : f64
  %em = math.expm1 %xy : f64
  %a = arith.mulf %e2, %em : f64
  %l = math.log %x : f64
  %l2 = math.log2 %y : f64
  %b = arith.mulf %l, %l2 : f64
  %s = arith.addf %x, %y : f64
  %l10 = math.log10 %s : f64
  %x2 = arith.mulf %x, %x : f64
  %l1p = math.log1p %x2 : f64
  %r0 = arith.addf %e, %a : f64
  %r1 = arith.addf %r0, %b : f64
  %r2 = arith.addf %r1, %l10 : f64
  %r = arith.addf %r2, %l1p : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
