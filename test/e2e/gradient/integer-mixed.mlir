// Integer and index computations mixed with active floats are inactive:
// an i64 argument, a trip count computed from an active float with
// arith.fptosi (piecewise constant, so zero derivative through it), index
// arithmetic selecting elements, sitofp of integers, and an integer
// select:
//   m = fptosi(2 x) + n                      (trip count; points keep 2x off integers)
//   acc = 0;  for k in 0..m: j = (k n) mod 3;  acc += v_j sin(x (k + 1)) / (k + 1)
//   f(x, n, v, s) = acc + s (n > 2 ? v_0 : v_2)^2 + sitofp(m) x
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth where m is constant,
// |f| < 20, FD truncation s^2 |f'''| / 6 < 1e-10, rounding < 1e-8.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,2,3 -- 1.3 2 "[0.5, -1.2, 0.8]" 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,2,3 -- 2.7 5 "[1.1, 0.4, -0.6]" -1.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,2,3 -- 0.2 0 "[0.3, 0.9, 2.0]" 0.25

func.func @f(%x: f64, %n: i64, %v: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i2 = arith.constant 2 : i64
  %two = arith.constant 2.0 : f64
  %zero = arith.constant 0.0 : f64
  %x2 = arith.mulf %x, %two : f64
  %fx = arith.fptosi %x2 : f64 to i64
  %m = arith.addi %fx, %n : i64
  %mi = arith.index_cast %m : i64 to index
  %ni = arith.index_cast %n : i64 to index
  %acc = scf.for %k = %c0 to %mi step %c1 iter_args(%a = %zero) -> (f64) {
    %kn = arith.muli %k, %ni : index
    %j = arith.remui %kn, %c3 : index
    %vj = tensor.extract %v[%j] : tensor<3xf64>
    %k1 = arith.addi %k, %c1 : index
    %k1i = arith.index_cast %k1 : index to i64
    %k1f = arith.sitofp %k1i : i64 to f64
    %xk = arith.mulf %x, %k1f : f64
    %sn = math.sin %xk : f64
    %t = arith.mulf %vj, %sn : f64
    %q = arith.divf %t, %k1f : f64
    %an = arith.addf %a, %q : f64
    scf.yield %an : f64
  }
  %big = arith.cmpi sgt, %n, %i2 : i64
  %idx = arith.select %big, %c0, %c2 : index
  %ve = tensor.extract %v[%idx] : tensor<3xf64>
  %ve2 = arith.mulf %ve, %ve : f64
  %sv = arith.mulf %s, %ve2 : f64
  %mf = arith.sitofp %m : i64 to f64
  %mx = arith.mulf %mf, %x : f64
  %r0 = arith.addf %acc, %sv : f64
  %r = arith.addf %r0, %mx : f64
  return %r : f64
}

func.func @df(%x: f64, %n: i64, %v: tensor<3xf64>, %s: f64) -> (f64, tensor<3xf64>, f64) {
  %gx, %gv, %gs = gradient.grad @f(%x, %n, %v, %s) {argnums = array<i64: 0, 2, 3>} : (f64, i64, tensor<3xf64>, f64) -> (f64, tensor<3xf64>, f64)
  return %gx, %gv, %gs : f64, tensor<3xf64>, f64
}
