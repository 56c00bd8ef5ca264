// arith.maximumf, minimumf, maxnumf and select (with arith.cmpf): the
// derivative flows through the chosen operand only.
//   f(x, y) = 2 maximumf(x, y) + minimumf(x y, 1) + select(x > y, sin x, cos y)
//             + maxnumf(x, -y) y
// The points exercise every choice, away from ties:
//   (0.7, 0.3): max = x, min = x y, select sin x, maxnum = x
//   (0.4, 2.1): max = y, min = x y, select cos y, maxnum = x
//   (1.5, 1.2): max = x, min = 1 (constant), select sin x, maxnum = x
//   (-0.9, -0.5): max = y, min = xy, select cos y, maxnum = -y
// Tolerance: gradcheck defaults (rtol 1e-6, atol 1e-8): smooth between
// ties, FD truncation s^2 |f'''| / 6 < 1e-12, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 0.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.4 2.1
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.5 1.2
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -0.9 -0.5
// At (0.4, 2.1): df/dx = y + y (from x y twice), df/dy = 2 + x - sin y + x.
// RUN: cot run %s --entry df -- 0.4 2.1 | %expect --tol 1e-12 \
// RUN:   "2.1 + 2.1" "2 + 0.4 - math.sin(2.1) + 0.4"

func.func @f(%x: f64, %y: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %m = arith.maximumf %x, %y : f64
  %m2 = arith.mulf %two, %m : f64
  %xy = arith.mulf %x, %y : f64
  %n = arith.minimumf %xy, %one : f64
  %gt = arith.cmpf ogt, %x, %y : f64
  %s = math.sin %x : f64
  %c = math.cos %y : f64
  %sel = arith.select %gt, %s, %c : f64
  %ny = arith.negf %y : f64
  %mn = arith.maxnumf %x, %ny : f64
  %mny = arith.mulf %mn, %y : f64
  %a = arith.addf %m2, %n : f64
  %b = arith.addf %a, %sel : f64
  %r = arith.addf %b, %mny : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
