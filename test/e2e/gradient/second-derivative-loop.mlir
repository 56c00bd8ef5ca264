// Second derivatives through a loop: the inner function has an scf.for with
// a loop-carried value, and the second derivative entry differentiates the
// first-derivative entry (two results) w.r.t. two arguments, giving the
// Hessian row by row: [d(df/dx)/dx, d(df/dx)/dy, d(df/dy)/dx, d(df/dy)/dy].
//   z_0 = y,  z_{k+1} = x sin(z_k) + y z_k / 2,  f(x, y, n) = z_n^2
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): @df is exact to a few ulps;
// FD of it has truncation s^2 |f''''| / 6 < 1e-10 and rounding
// ~1e-16 |df| / s < 1e-9 (|df| < 10 at these points).
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.9 0.6 5
// RUN: %gradcheck %s --primal df --grad ddf --argnums 0,1 -- 0.9 0.6 5
// RUN: %gradcheck %s --primal df --grad ddf --argnums 0,1 -- -0.7 1.2 3
// With no iteration, f = y^2: the Hessian is [[0, 0], [0, 2]].
// RUN: cot run %s --entry ddf -- 0.9 0.6 0 | %expect --tol 1e-12 "0.0" "0.0" "0.0" "2.0"

func.func @f(%x: f64, %y: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %half = arith.constant 0.5 : f64
  %hy = arith.mulf %y, %half : f64
  %z = scf.for %k = %c0 to %n step %c1 iter_args(%zk = %y) -> (f64) : i64 {
    %s = math.sin %zk : f64
    %xs = arith.mulf %x, %s : f64
    %yz = arith.mulf %hy, %zk : f64
    %zn = arith.addf %xs, %yz : f64
    scf.yield %zn : f64
  }
  %r = arith.mulf %z, %z : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64, %n: i64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y, %n) {argnums = array<i64: 0, 1>} : (f64, f64, i64) -> (f64, f64)
  return %gx, %gy : f64, f64
}

func.func @ddf(%x: f64, %y: f64, %n: i64) -> (f64, f64, f64, f64) {
  %hxx, %hxy, %hyx, %hyy = gradient.grad @df(%x, %y, %n) {argnums = array<i64: 0, 1>} : (f64, f64, i64) -> (f64, f64, f64, f64)
  return %hxx, %hxy, %hyx, %hyy : f64, f64, f64, f64
}
