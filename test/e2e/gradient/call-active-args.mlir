// The same callee called with different active arguments: only the first,
// only the second, both, and neither (constants), plus a call inside a loop
// whose argument is loop-carried:
//   g(a, b) = a sin(b) + b^2 / 2
//   f(x, y) = g(x, 0.3) + g(1.7, y) + g(x y, x) + g(0.2, 0.4) + z_3
//   z_0 = y, z_{k+1} = g(z_k, x) / 2
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.1 0.4
// Only x: the calls with y active must not leak into dx, and conversely.
// RUN: %gradcheck %s --primal f --grad dfx -- -1.1 0.4
// RUN: %gradcheck %s --primal f --grad dfy --argnums 1 -- 0.7 1.3

func.func private @g(%a: f64, %b: f64) -> f64 {
  %half = arith.constant 0.5 : f64
  %s = math.sin %b : f64
  %as = arith.mulf %a, %s : f64
  %b2 = arith.mulf %b, %b : f64
  %h = arith.mulf %b2, %half : f64
  %r = arith.addf %as, %h : f64
  return %r : f64
}

func.func @f(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %k03 = arith.constant 0.3 : f64
  %k17 = arith.constant 1.7 : f64
  %k02 = arith.constant 0.2 : f64
  %k04 = arith.constant 0.4 : f64
  %half = arith.constant 0.5 : f64
  %a = func.call @g(%x, %k03) : (f64, f64) -> f64
  %b = func.call @g(%k17, %y) : (f64, f64) -> f64
  %xy = arith.mulf %x, %y : f64
  %c = func.call @g(%xy, %x) : (f64, f64) -> f64
  %d = func.call @g(%k02, %k04) : (f64, f64) -> f64
  %z = scf.for %k = %c0 to %c3 step %c1 iter_args(%zk = %y) -> (f64) {
    %gz = func.call @g(%zk, %x) : (f64, f64) -> f64
    %zn = arith.mulf %gz, %half : f64
    scf.yield %zn : f64
  }
  %s0 = arith.addf %a, %b : f64
  %s1 = arith.addf %s0, %c : f64
  %s2 = arith.addf %s1, %d : f64
  %r = arith.addf %s2, %z : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}

// argnums defaults to [0].
func.func @dfx(%x: f64, %y: f64) -> f64 {
  %gx = gradient.grad @f(%x, %y) : (f64, f64) -> f64
  return %gx : f64
}

func.func @dfy(%x: f64, %y: f64) -> f64 {
  %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 1>} : (f64, f64) -> f64
  return %gy : f64
}
