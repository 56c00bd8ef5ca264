// A rank-2 buffer updated in place row by row (each element reads its left
// neighbour, already updated), with a rank-2 tensor argument:
//   M = copy of A (memref<2x3xf64>)
//   for i, for j in 1..2: M[i][j] = M[i][j] x + M[i][j-1]^2 / 2
//   for j: M[1][j] = M[1][j] - M[0][j] M[1][j] / 4     (row 1 reads row 0)
//   f(A, x) = sum_ij M[i][j] (i + 1)(j + 1)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): polynomial, |f| < 30, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding ~1e-16 |f| / s < 1e-8.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]" 0.9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[-1.0, 0.6, 0.25], [-0.9, 0.4, 0.3]]" 1.2

func.func @f(%a: tensor<2x3xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %quarter = arith.constant 0.25 : f64
  %m = memref.alloc() : memref<2x3xf64>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %e = tensor.extract %a[%i, %j] : tensor<2x3xf64>
      memref.store %e, %m[%i, %j] : memref<2x3xf64>
    }
  }
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c1 to %c3 step %c1 {
      %jm1 = arith.subi %j, %c1 : index
      %e = memref.load %m[%i, %j] : memref<2x3xf64>
      %l = memref.load %m[%i, %jm1] : memref<2x3xf64>
      %ex = arith.mulf %e, %x : f64
      %l2 = arith.mulf %l, %l : f64
      %h = arith.mulf %l2, %half : f64
      %n = arith.addf %ex, %h : f64
      memref.store %n, %m[%i, %j] : memref<2x3xf64>
    }
  }
  scf.for %j = %c0 to %c3 step %c1 {
    %t = memref.load %m[%c0, %j] : memref<2x3xf64>
    %b = memref.load %m[%c1, %j] : memref<2x3xf64>
    %tb = arith.mulf %t, %b : f64
    %q = arith.mulf %tb, %quarter : f64
    %n = arith.subf %b, %q : f64
    memref.store %n, %m[%c1, %j] : memref<2x3xf64>
  }
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (f64) {
    %row = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc2 = %acc) -> (f64) {
      %e = memref.load %m[%i, %j] : memref<2x3xf64>
      %i1 = arith.addi %i, %c1 : index
      %j1 = arith.addi %j, %c1 : index
      %w = arith.muli %i1, %j1 : index
      %wi = arith.index_cast %w : index to i64
      %wf = arith.sitofp %wi : i64 to f64
      %ew = arith.mulf %e, %wf : f64
      %n = arith.addf %acc2, %ew : f64
      scf.yield %n : f64
    }
    scf.yield %row : f64
  }
  return %r : f64
}

func.func @df(%a: tensor<2x3xf64>, %x: f64) -> (tensor<2x3xf64>, f64) {
  %ga, %gx = gradient.grad @f(%a, %x) {argnums = array<i64: 0, 1>} : (tensor<2x3xf64>, f64) -> (tensor<2x3xf64>, f64)
  return %ga, %gx : tensor<2x3xf64>, f64
}
