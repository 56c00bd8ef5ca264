// memref.subview with an offset and a stride, written through and then read
// through the parent (aliasing), and a rank-2 subview of a rank-2 buffer:
//   a = copy of v (memref<6xf64>)
//   s = subview a[1][3][2]            (elements 1, 3, 5)
//   s[k] = s[k] x + sin(a[2k])        for k = 0, 1, 2   (reads the even elements)
//   B = 3x3 buffer, B[i][j] = a[i + j] (i, j < 3)
//   t = subview B[1, 1][2, 2][1, 1]   (the lower-right 2x2 block)
//   f(v, x) = sum_k a[k]^2 + x sum t
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): a polynomial in sin terms,
// |f| < 50, FD truncation s^2 |f'''| / 6 < 1e-11, rounding ~1e-16 |f| / s
// < 1e-8 against derivatives of size ~1..10.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.5, -0.3, 0.8, 0.1, 1.2, -0.7]" 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[-1.0, 0.6, 0.25, -0.9, 0.4, 0.3]" -0.6

func.func @f(%v: tensor<6xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<6xf64>
  scf.for %i = %c0 to %c6 step %c1 {
    %e = tensor.extract %v[%i] : tensor<6xf64>
    memref.store %e, %a[%i] : memref<6xf64>
  }
  %s = memref.subview %a[1] [3] [2] : memref<6xf64> to memref<3xf64, strided<[2], offset: 1>>
  scf.for %k = %c0 to %c3 step %c1 {
    %sk = memref.load %s[%k] : memref<3xf64, strided<[2], offset: 1>>
    %k2 = arith.muli %k, %c2 : index
    %ev = memref.load %a[%k2] : memref<6xf64>
    %sn = math.sin %ev : f64
    %m = arith.mulf %sk, %x : f64
    %new = arith.addf %m, %sn : f64
    memref.store %new, %s[%k] : memref<3xf64, strided<[2], offset: 1>>
  }
  %b = memref.alloc() : memref<3x3xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ij = arith.addi %i, %j : index
      %e = memref.load %a[%ij] : memref<6xf64>
      memref.store %e, %b[%i, %j] : memref<3x3xf64>
    }
  }
  %t = memref.subview %b[1, 1] [2, 2] [1, 1] : memref<3x3xf64> to memref<2x2xf64, strided<[3, 1], offset: 4>>
  %sq = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> (f64) {
    %e = memref.load %a[%i] : memref<6xf64>
    %e2 = arith.mulf %e, %e : f64
    %n = arith.addf %acc, %e2 : f64
    scf.yield %n : f64
  }
  %ts = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (f64) {
    %row = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc2 = %acc) -> (f64) {
      %e = memref.load %t[%i, %j] : memref<2x2xf64, strided<[3, 1], offset: 4>>
      %n = arith.addf %acc2, %e : f64
      scf.yield %n : f64
    }
    scf.yield %row : f64
  }
  %xt = arith.mulf %x, %ts : f64
  %r = arith.addf %sq, %xt : f64
  return %r : f64
}

func.func @df(%v: tensor<6xf64>, %x: f64) -> (tensor<6xf64>, f64) {
  %gv, %gx = gradient.grad @f(%v, %x) {argnums = array<i64: 0, 1>} : (tensor<6xf64>, f64) -> (tensor<6xf64>, f64)
  return %gv, %gx : tensor<6xf64>, f64
}
