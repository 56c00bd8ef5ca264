// gradient.jvp with argnums (one tangent per differentiated argument, an
// integer argument skipped), several results, a loop and a branch: the
// forward-mode tangent of every result is compared with
// sum_a J[r][a] t_a from the FD Jacobian.
//   z_0 = x, z_{k+1} = z_k cos(v_0) + v_1 z_k^2 / 4    (k < n)
//   f(x, v, n) = (z_n + v_0 > 0 ? z_n v_0 : exp(z_n),  [[x, z_n], [v_1 z_n, x v_0]])
// The attribute dictionary follows tangents(...), as for gradient.grad it
// follows the operand list.
// Values: rtol 1e-12; tangents: the defaults (rtol 1e-6, atol 1e-8): FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9, times |t| <= 1.5.
// RUN: %gradcheck %s --primal f --jvp jf --argnums 0,1 -- 0.6 "[0.4, -0.8]" 3 -- 1.0 "[0.5, -1.5]"
// RUN: %gradcheck %s --primal f --jvp jf --argnums 0,1 -- -0.9 "[-0.7, 0.3]" 5 -- -0.4 "[1.0, 0.2]"
// RUN: %gradcheck %s --primal f --jvp jf_v --argnums 1 -- 0.6 "[0.4, -0.8]" 3 -- "[0.5, -1.5]"

func.func @f(%x: f64, %v: tensor<2xf64>, %n: i64) -> (f64, tensor<2x2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %quarter = arith.constant 0.25 : f64
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %cv = math.cos %v0 : f64
  %q = arith.mulf %v1, %quarter : f64
  %z = scf.for %k = %i0 to %n step %i1 iter_args(%zk = %x) -> (f64) : i64 {
    %a = arith.mulf %zk, %cv : f64
    %z2 = arith.mulf %zk, %zk : f64
    %b = arith.mulf %q, %z2 : f64
    %zn = arith.addf %a, %b : f64
    scf.yield %zn : f64
  }
  %sum = arith.addf %z, %v0 : f64
  %pos = arith.cmpf ogt, %sum, %zero : f64
  %r0 = scf.if %pos -> (f64) {
    %m = arith.mulf %z, %v0 : f64
    scf.yield %m : f64
  } else {
    %e = math.exp %z : f64
    scf.yield %e : f64
  }
  %vz = arith.mulf %v1, %z : f64
  %xv = arith.mulf %x, %v0 : f64
  %r1 = tensor.from_elements %x, %z, %vz, %xv : tensor<2x2xf64>
  return %r0, %r1 : f64, tensor<2x2xf64>
}

func.func @jf(%x: f64, %v: tensor<2xf64>, %n: i64, %tx: f64, %tv: tensor<2xf64>)
    -> (f64, tensor<2x2xf64>, f64, tensor<2x2xf64>) {
  %v0, %v1, %t0, %t1 = gradient.jvp @f(%x, %v, %n) tangents(%tx, %tv) {argnums = array<i64: 0, 1>}
      : (f64, tensor<2xf64>, i64, f64, tensor<2xf64>) -> (f64, tensor<2x2xf64>, f64, tensor<2x2xf64>)
  return %v0, %v1, %t0, %t1 : f64, tensor<2x2xf64>, f64, tensor<2x2xf64>
}

func.func @jf_v(%x: f64, %v: tensor<2xf64>, %n: i64, %tv: tensor<2xf64>)
    -> (f64, tensor<2x2xf64>, f64, tensor<2x2xf64>) {
  %v0, %v1, %t0, %t1 = gradient.jvp @f(%x, %v, %n) tangents(%tv) {argnums = array<i64: 1>}
      : (f64, tensor<2xf64>, i64, tensor<2xf64>) -> (f64, tensor<2x2xf64>, f64, tensor<2x2xf64>)
  return %v0, %v1, %t0, %t1 : f64, tensor<2x2xf64>, f64, tensor<2x2xf64>
}
