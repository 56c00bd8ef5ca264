// An array updated in place, sweep after sweep (Gauss-Seidel style: each
// update reads a neighbour already updated in the same sweep), with a
// tensor-valued result, so the whole Jacobian is checked:
//   a = copy of v (memref<4xf64>)
//   3 sweeps: for i in 1..3: a[i] = a[i] c + tanh(a[i-1] a[i])
//             a[0] = a[0] - c a[3]^2 / 4
//   f(v, c) = [a[0], a[1], a[2], a[3]]      (Jacobians 4x4 and 4)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |a| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.5, -0.3, 0.8, 0.1]" 0.9
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[-1.2, 0.7, 0.2, -0.4]" 1.1

func.func @f(%v: tensor<4xf64>, %c: f64) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %quarter = arith.constant 0.25 : f64
  %a = memref.alloc() : memref<4xf64>
  scf.for %i = %c0 to %c4 step %c1 {
    %e = tensor.extract %v[%i] : tensor<4xf64>
    memref.store %e, %a[%i] : memref<4xf64>
  }
  scf.for %sweep = %c0 to %c3 step %c1 {
    scf.for %i = %c1 to %c4 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %ai = memref.load %a[%i] : memref<4xf64>
      %ap = memref.load %a[%im1] : memref<4xf64>
      %sc = arith.mulf %ai, %c : f64
      %pr = arith.mulf %ap, %ai : f64
      %t = math.tanh %pr : f64
      %new = arith.addf %sc, %t : f64
      memref.store %new, %a[%i] : memref<4xf64>
    }
    %a0 = memref.load %a[%c0] : memref<4xf64>
    %a3 = memref.load %a[%c3] : memref<4xf64>
    %sq = arith.mulf %a3, %a3 : f64
    %csq = arith.mulf %c, %sq : f64
    %q = arith.mulf %csq, %quarter : f64
    %n0 = arith.subf %a0, %q : f64
    memref.store %n0, %a[%c0] : memref<4xf64>
  }
  %r0 = memref.load %a[%c0] : memref<4xf64>
  %r1 = memref.load %a[%c1] : memref<4xf64>
  %r2 = memref.load %a[%c2] : memref<4xf64>
  %r3 = memref.load %a[%c3] : memref<4xf64>
  %r = tensor.from_elements %r0, %r1, %r2, %r3 : tensor<4xf64>
  return %r : tensor<4xf64>
}

func.func @df(%v: tensor<4xf64>, %c: f64) -> (tensor<4x4xf64>, tensor<4xf64>) {
  %jv, %jc = gradient.grad @f(%v, %c) {argnums = array<i64: 0, 1>} : (tensor<4xf64>, f64) -> (tensor<4x4xf64>, tensor<4xf64>)
  return %jv, %jc : tensor<4x4xf64>, tensor<4xf64>
}
