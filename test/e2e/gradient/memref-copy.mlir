// memref.copy: the copy's shadow must receive the gradient, and the source
// is overwritten after the copy (the copy keeps the old values).
//   a[i] = v[i] x;  b = copy(a);  a[i] = sin(a[i]) + b[(i+1) % 3]
//   c = copy(a);  c[0] = c[0] b[2]
//   f(v, x) = sum_i b[i] a[i] + c[0]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.4, -1.1, 0.9]" 0.8
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[1.3, 0.2, -0.5]" -1.7

func.func @f(%v: tensor<3xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<3xf64>
  %b = memref.alloc() : memref<3xf64>
  %c = memref.alloc() : memref<3xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    %e = tensor.extract %v[%i] : tensor<3xf64>
    %ex = arith.mulf %e, %x : f64
    memref.store %ex, %a[%i] : memref<3xf64>
  }
  memref.copy %a, %b : memref<3xf64> to memref<3xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    %ai = memref.load %a[%i] : memref<3xf64>
    %s = math.sin %ai : f64
    %i1 = arith.addi %i, %c1 : index
    %j = arith.remui %i1, %c3 : index
    %bj = memref.load %b[%j] : memref<3xf64>
    %n = arith.addf %s, %bj : f64
    memref.store %n, %a[%i] : memref<3xf64>
  }
  memref.copy %a, %c : memref<3xf64> to memref<3xf64>
  %c0v = memref.load %c[%c0] : memref<3xf64>
  %b2 = memref.load %b[%c2] : memref<3xf64>
  %p = arith.mulf %c0v, %b2 : f64
  memref.store %p, %c[%c0] : memref<3xf64>
  %dot = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %ai = memref.load %a[%i] : memref<3xf64>
    %bi = memref.load %b[%i] : memref<3xf64>
    %m = arith.mulf %ai, %bi : f64
    %n = arith.addf %acc, %m : f64
    scf.yield %n : f64
  }
  %cf = memref.load %c[%c0] : memref<3xf64>
  %r = arith.addf %dot, %cf : f64
  return %r : f64
}

func.func @df(%v: tensor<3xf64>, %x: f64) -> (tensor<3xf64>, f64) {
  %gv, %gx = gradient.grad @f(%v, %x) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  return %gv, %gx : tensor<3xf64>, f64
}
