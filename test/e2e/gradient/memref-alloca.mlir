// memref.alloca scratch buffers (stack memory), reused across loop
// iterations, and a rank-0 alloca accumulator:
//   s = alloca memref<3xf64>;  acc = alloca memref<f64>, acc[] = 0
//   for k in 0..4: s[j] = cos(x j + y k) (j = 0..2);  acc[] = acc[] y + s[0] s[1] s[2] x
//   f(x, y) = acc[]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 5, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 0.4
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.3 0.9

func.func @f(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %s = memref.alloca() : memref<3xf64>
  %acc = memref.alloca() : memref<f64>
  memref.store %zero, %acc[] : memref<f64>
  scf.for %k = %c0 to %c4 step %c1 {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %yk = arith.mulf %y, %kf : f64
    scf.for %j = %c0 to %c3 step %c1 {
      %ji = arith.index_cast %j : index to i64
      %jf = arith.sitofp %ji : i64 to f64
      %xj = arith.mulf %x, %jf : f64
      %arg = arith.addf %xj, %yk : f64
      %cv = math.cos %arg : f64
      memref.store %cv, %s[%j] : memref<3xf64>
    }
    %s0 = memref.load %s[%c0] : memref<3xf64>
    %s1 = memref.load %s[%c1] : memref<3xf64>
    %s2 = memref.load %s[%c2] : memref<3xf64>
    %p01 = arith.mulf %s0, %s1 : f64
    %p = arith.mulf %p01, %s2 : f64
    %px = arith.mulf %p, %x : f64
    %a = memref.load %acc[] : memref<f64>
    %ay = arith.mulf %a, %y : f64
    %n = arith.addf %ay, %px : f64
    memref.store %n, %acc[] : memref<f64>
  }
  %r = memref.load %acc[] : memref<f64>
  return %r : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
