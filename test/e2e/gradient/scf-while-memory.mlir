// An scf.while with a data-dependent trip count whose body updates a buffer
// in place: the number of iterations (and so the tape length) is known only
// at run time, and every iteration overwrites the values the reverse sweep
// needs.
//   b = [x, y, 0];  t = 0
//   while b[2] < 3:  b[0] = b[0] cos(b[1]) + y;  b[1] = b[1] + b[0] x / 4;
//                    b[2] = b[2] + |b[0] b[1]| / 2 + 0.25;  t += 1
//   f(x, y) = b[0] + b[1]^2 + b[2] / 4 + t
// The points keep every step's b[2] at least 0.2 away from 3 (checked when
// the test was written), so t is locally constant.
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth where t is constant
// (and away from b[0] b[1] = 0), FD truncation s^2 |f'''| / 6 < 1e-10,
// rounding ~1e-16 |f| / s < 1e-8.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 0.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -0.4 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.2 -0.3

func.func @f(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %quarter = arith.constant 0.25 : f64
  %half = arith.constant 0.5 : f64
  %three = arith.constant 3.0 : f64
  %b = memref.alloc() : memref<3xf64>
  memref.store %x, %b[%c0] : memref<3xf64>
  memref.store %y, %b[%c1] : memref<3xf64>
  memref.store %zero, %b[%c2] : memref<3xf64>
  %t = scf.while (%tw = %i0) : (i64) -> i64 {
    %b2 = memref.load %b[%c2] : memref<3xf64>
    %go = arith.cmpf olt, %b2, %three : f64
    scf.condition(%go) %tw : i64
  } do {
  ^bb0(%tb: i64):
    %b0 = memref.load %b[%c0] : memref<3xf64>
    %b1 = memref.load %b[%c1] : memref<3xf64>
    %cb = math.cos %b1 : f64
    %p = arith.mulf %b0, %cb : f64
    %n0 = arith.addf %p, %y : f64
    memref.store %n0, %b[%c0] : memref<3xf64>
    %nx = arith.mulf %n0, %x : f64
    %nq = arith.mulf %nx, %quarter : f64
    %n1 = arith.addf %b1, %nq : f64
    memref.store %n1, %b[%c1] : memref<3xf64>
    %b2 = memref.load %b[%c2] : memref<3xf64>
    %pp = arith.mulf %n0, %n1 : f64
    %ap = math.absf %pp : f64
    %h = arith.mulf %ap, %half : f64
    %s = arith.addf %b2, %h : f64
    %n2 = arith.addf %s, %quarter : f64
    memref.store %n2, %b[%c2] : memref<3xf64>
    %tn = arith.addi %tb, %i1 : i64
    scf.yield %tn : i64
  }
  %r0 = memref.load %b[%c0] : memref<3xf64>
  %r1 = memref.load %b[%c1] : memref<3xf64>
  %r2 = memref.load %b[%c2] : memref<3xf64>
  %r11 = arith.mulf %r1, %r1 : f64
  %r2q = arith.mulf %r2, %quarter : f64
  %tf = arith.sitofp %t : i64 to f64
  %s0 = arith.addf %r0, %r11 : f64
  %s1 = arith.addf %s0, %r2q : f64
  %r = arith.addf %s1, %tf : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
