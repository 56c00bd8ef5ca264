// In-place updates of one memory location inside a loop: the value the
// reverse sweep needs (the operand of sin) is overwritten by the next
// iteration, so it must be taped, not re-read.
//   m = alloc() : memref<f64>;  m[] = x
//   repeat n times: v = m[];  m[] = sin(v) y + x;  w[0] = v w[0]  (w: memref<2xf64>, w[0] = 1 initially)
//   w[1] = m[] w[0];  w[0] = w[1] + y  (overwrites w[0] after its last read)
//   f(x, y, n) = w[0] + m[]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.6 1.4 4
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.1 0.7 9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.6 1.4 1

func.func @f(%x: f64, %y: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %one = arith.constant 1.0 : f64
  %m = memref.alloc() : memref<f64>
  %w = memref.alloc() : memref<2xf64>
  memref.store %x, %m[] : memref<f64>
  memref.store %one, %w[%c0] : memref<2xf64>
  scf.for %k = %i0 to %n step %i1 : i64 {
    %v = memref.load %m[] : memref<f64>
    %s = math.sin %v : f64
    %sy = arith.mulf %s, %y : f64
    %nv = arith.addf %sy, %x : f64
    memref.store %nv, %m[] : memref<f64>
    %w0 = memref.load %w[%c0] : memref<2xf64>
    %p = arith.mulf %v, %w0 : f64
    memref.store %p, %w[%c0] : memref<2xf64>
  }
  %mf = memref.load %m[] : memref<f64>
  %w0 = memref.load %w[%c0] : memref<2xf64>
  %w1 = arith.mulf %mf, %w0 : f64
  memref.store %w1, %w[%c1] : memref<2xf64>
  %l1 = memref.load %w[%c1] : memref<2xf64>
  %nw0 = arith.addf %l1, %y : f64
  memref.store %nw0, %w[%c0] : memref<2xf64>
  %a = memref.load %w[%c0] : memref<2xf64>
  %b = memref.load %m[] : memref<f64>
  %r = arith.addf %a, %b : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64, %n: i64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y, %n) {argnums = array<i64: 0, 1>} : (f64, f64, i64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
