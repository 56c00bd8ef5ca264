// A loop written with cf branches (a back edge, block arguments carrying an
// integer counter and a float), exiting on a counter or on a data-dependent
// condition, whichever comes first:
//   acc = y, i = 0
//   loop: if i >= n or acc > 50: exit
//         acc = acc x + cos(acc) ; i += 1
//   f(x, y, n) = acc sqrt(x)
// (1.3, 0.5, 6): the counter ends the loop; (1.9, 2.0, 20): the threshold
// ends it after 6 steps (acc goes 39.4 -> 74.7, far from 50 on either side).
// Tolerance: rtol 1e-6, atol 1e-7: |f| < 110, FD rounding
// ~1e-16 |f| / s ~ 1e-8, truncation s^2 |f'''| / 6 < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --atol 1e-7 -- 1.3 0.5 6
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --atol 1e-7 -- 1.9 2.0 20
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --atol 1e-7 -- 0.8 -0.3 3

func.func @f(%x: f64, %y: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %limit = arith.constant 50.0 : f64
  cf.br ^header(%c0, %y : i64, f64)
^header(%i: i64, %acc: f64):
  %done_n = arith.cmpi sge, %i, %n : i64
  %done_v = arith.cmpf ogt, %acc, %limit : f64
  %done = arith.ori %done_n, %done_v : i1
  cf.cond_br %done, ^exit(%acc : f64), ^body
^body:
  %ax = arith.mulf %acc, %x : f64
  %c = math.cos %acc : f64
  %next = arith.addf %ax, %c : f64
  %i1 = arith.addi %i, %c1 : i64
  cf.br ^header(%i1, %next : i64, f64)
^exit(%out: f64):
  %sx = math.sqrt %x : f64
  %r = arith.mulf %out, %sx : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64, %n: i64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y, %n) {argnums = array<i64: 0, 1>} : (f64, f64, i64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
