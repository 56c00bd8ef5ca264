// scf.for with two loop-carried floats and an integer trip count (inactive):
//   a_0 = x, b_0 = y
//   a_{k+1} = a_k cos(b_k) + y (k / n)
//   b_{k+1} = b_k + x sin(a_k)
//   f(x, y, n) = a_n + b_n^2
// n = 0 (no iteration: f = x + y^2), n = 5 and n = 12.
// Tolerance: rtol 1e-6, atol 1e-7: f is smooth; FD truncation
// s^2 |f'''| / 6 < 1e-9 and rounding ~1e-16 |f| / s ~ 1e-9 for |f| <= 10
// (the loop's rounding error in f is a few ulps per iteration).
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --atol 1e-7 -- 0.3 0.8 5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --atol 1e-7 -- -0.7 1.4 12
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --atol 1e-7 -- 0.3 0.8 0
// RUN: cot run %s --entry df -- 0.3 0.8 0 | %expect --tol 1e-12 "1.0" "1.6"

func.func @f(%x: f64, %y: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %nf = arith.sitofp %n : i64 to f64
  %a, %b = scf.for %k = %c0 to %n step %c1 iter_args(%a_k = %x, %b_k = %y) -> (f64, f64) : i64 {
    %kf = arith.sitofp %k : i64 to f64
    %frac = arith.divf %kf, %nf : f64
    %cb = math.cos %b_k : f64
    %t0 = arith.mulf %a_k, %cb : f64
    %t1 = arith.mulf %y, %frac : f64
    %a_next = arith.addf %t0, %t1 : f64
    %sa = math.sin %a_k : f64
    %t2 = arith.mulf %x, %sa : f64
    %b_next = arith.addf %b_k, %t2 : f64
    scf.yield %a_next, %b_next : f64, f64
  }
  %b2 = arith.mulf %b, %b : f64
  %r = arith.addf %a, %b2 : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64, %n: i64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y, %n) {argnums = array<i64: 0, 1>} : (f64, f64, i64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
