// Gathers and scatter-adds through data-dependent indices (an i64 tensor
// argument, inactive), with repeated indices, so the same location is
// read-modify-written several times and shadows must accumulate:
//   a = zeros(3)
//   for i in 0..4: a[p_i] = a[p_i] + v_i x;  a[q_i] = a[q_i] a[p_i] / 2 + 1
//   f(v, x, p, q) = sum_j a[j]^2 + a[p_0] v_3
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): polynomial, |f| < 50, FD
// truncation s^2 |f'''| / 6 < 1e-10, rounding ~1e-16 |f| / s < 1e-8.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.5, -1.2, 0.8, 0.3]" 0.7 "[0, 2, 0, 1]" "[1, 1, 2, 0]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[-0.4, 0.9, 1.1, -0.6]" 1.3 "[2, 2, 2, 2]" "[0, 2, 1, 2]"

func.func @f(%v: tensor<4xf64>, %x: f64, %p: tensor<4xi64>, %q: tensor<4xi64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %a = memref.alloc() : memref<3xf64>
  scf.for %j = %c0 to %c3 step %c1 {
    memref.store %zero, %a[%j] : memref<3xf64>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %pi64 = tensor.extract %p[%i] : tensor<4xi64>
    %qi64 = tensor.extract %q[%i] : tensor<4xi64>
    %pi = arith.index_cast %pi64 : i64 to index
    %qi = arith.index_cast %qi64 : i64 to index
    %vi = tensor.extract %v[%i] : tensor<4xf64>
    %old = memref.load %a[%pi] : memref<3xf64>
    %vx = arith.mulf %vi, %x : f64
    %new = arith.addf %old, %vx : f64
    memref.store %new, %a[%pi] : memref<3xf64>
    %aq = memref.load %a[%qi] : memref<3xf64>
    %ap = memref.load %a[%pi] : memref<3xf64>
    %m = arith.mulf %aq, %ap : f64
    %h = arith.mulf %m, %half : f64
    %n = arith.addf %h, %one : f64
    memref.store %n, %a[%qi] : memref<3xf64>
  }
  %ss = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %e = memref.load %a[%j] : memref<3xf64>
    %e2 = arith.mulf %e, %e : f64
    %s = arith.addf %acc, %e2 : f64
    scf.yield %s : f64
  }
  %p064 = tensor.extract %p[%c0] : tensor<4xi64>
  %p0 = arith.index_cast %p064 : i64 to index
  %ap0 = memref.load %a[%p0] : memref<3xf64>
  %v3 = tensor.extract %v[%c3] : tensor<4xf64>
  %t = arith.mulf %ap0, %v3 : f64
  %r = arith.addf %ss, %t : f64
  return %r : f64
}

func.func @df(%v: tensor<4xf64>, %x: f64, %p: tensor<4xi64>, %q: tensor<4xi64>) -> (tensor<4xf64>, f64) {
  %gv, %gx = gradient.grad @f(%v, %x, %p, %q) {argnums = array<i64: 0, 1>} : (tensor<4xf64>, f64, tensor<4xi64>, tensor<4xi64>) -> (tensor<4xf64>, f64)
  return %gv, %gx : tensor<4xf64>, f64
}
