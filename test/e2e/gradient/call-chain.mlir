// A call graph three deep below the differentiated function, with a callee
// reached along two paths and a callee returning two results:
//   f(x, y)      = level1(x, y) + level3(y)
//   level1(a, b) = (p, q) = level2(a b, a); p sin(q) + b
//   level2(u, v) = (level3(u) + v^2,  level3(v) u)
//   level3(t)    = t exp(-t^2 / 2) + t
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.4 0.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 2.2 -0.9

func.func private @level3(%t: f64) -> f64 {
  %mhalf = arith.constant -0.5 : f64
  %t2 = arith.mulf %t, %t : f64
  %a = arith.mulf %t2, %mhalf : f64
  %e = math.exp %a : f64
  %te = arith.mulf %t, %e : f64
  %r = arith.addf %te, %t : f64
  return %r : f64
}

func.func private @level2(%u: f64, %v: f64) -> (f64, f64) {
  %l = func.call @level3(%u) : (f64) -> f64
  %v2 = arith.mulf %v, %v : f64
  %p = arith.addf %l, %v2 : f64
  %m = func.call @level3(%v) : (f64) -> f64
  %q = arith.mulf %m, %u : f64
  return %p, %q : f64, f64
}

func.func private @level1(%a: f64, %b: f64) -> f64 {
  %ab = arith.mulf %a, %b : f64
  %p, %q = func.call @level2(%ab, %a) : (f64, f64) -> (f64, f64)
  %s = math.sin %q : f64
  %ps = arith.mulf %p, %s : f64
  %r = arith.addf %ps, %b : f64
  return %r : f64
}

func.func @f(%x: f64, %y: f64) -> f64 {
  %a = func.call @level1(%x, %y) : (f64, f64) -> f64
  %b = func.call @level3(%y) : (f64) -> f64
  %r = arith.addf %a, %b : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
