// scf.while with a data-dependent trip count: iterate until the value
// exceeds a threshold.
//   z_0 = x;  while z <= 10: z = a z + x sin(z)^2 + 0.1;  count the steps c
//   f(x, a) = z^2 / 10 + c
// The trip count c is an integer (inactive): f is smooth where c does not
// change, and the points are chosen so that no step lands within 1e-3 of
// the threshold (c = 7, 2 and 23 steps resp.; the closest step stays 0.29
// away).
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): |f| < 50 and z grows
// geometrically: FD truncation s^2 |f'''| / 6 < 1e-9 and rounding
// ~1e-16 |f| / s < 1e-8 relative to derivatives of size 10..1e3.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.9 2.1
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.3 1.05

func.func @f(%x: f64, %a: f64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %thr = arith.constant 10.0 : f64
  %tenth = arith.constant 0.1 : f64
  %z, %c = scf.while (%zw = %x, %cw = %c0) : (f64, i64) -> (f64, i64) {
    %go = arith.cmpf ole, %zw, %thr : f64
    scf.condition(%go) %zw, %cw : f64, i64
  } do {
  ^bb0(%zb: f64, %cb: i64):
    %az = arith.mulf %a, %zb : f64
    %s = math.sin %zb : f64
    %s2 = arith.mulf %s, %s : f64
    %xs = arith.mulf %x, %s2 : f64
    %t = arith.addf %az, %xs : f64
    %zn = arith.addf %t, %tenth : f64
    %cn = arith.addi %cb, %c1 : i64
    scf.yield %zn, %cn : f64, i64
  }
  %z2 = arith.mulf %z, %z : f64
  %q = arith.divf %z2, %thr : f64
  %cf = arith.sitofp %c : i64 to f64
  %r = arith.addf %q, %cf : f64
  return %r : f64
}

func.func @df(%x: f64, %a: f64) -> (f64, f64) {
  %gx, %ga = gradient.grad @f(%x, %a) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %ga : f64, f64
}
