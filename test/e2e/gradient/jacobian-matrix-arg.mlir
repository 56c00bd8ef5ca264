// The Jacobian of a vector-valued function of a matrix, shape [2, 2, 3]:
// row norms and a row-coupled term,
//   f(A)_i = sqrt(sum_j A_ij^2) + A_i0 A_(1-i)2
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth away from zero rows,
// FD truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df -- "[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]"
// RUN: %gradcheck %s --primal f --grad df -- "[[-1.0, 0.6, 0.25], [-0.9, 0.4, 0.3]]"

func.func @f(%a: tensor<2x3xf64>) -> tensor<2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %init = tensor.empty() : tensor<2xf64>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%out = %init) -> (tensor<2xf64>) {
    %ss = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
      %e = tensor.extract %a[%i, %j] : tensor<2x3xf64>
      %e2 = arith.mulf %e, %e : f64
      %n = arith.addf %acc, %e2 : f64
      scf.yield %n : f64
    }
    %norm = math.sqrt %ss : f64
    %other = arith.subi %c1, %i : index
    %ai0 = tensor.extract %a[%i, %c0] : tensor<2x3xf64>
    %ao2 = tensor.extract %a[%other, %c2] : tensor<2x3xf64>
    %p = arith.mulf %ai0, %ao2 : f64
    %v = arith.addf %norm, %p : f64
    %next = tensor.insert %v into %out[%i] : tensor<2xf64>
    scf.yield %next : tensor<2xf64>
  }
  return %r : tensor<2xf64>
}

func.func @df(%a: tensor<2x3xf64>) -> tensor<2x2x3xf64> {
  %j = gradient.grad @f(%a) : (tensor<2x3xf64>) -> tensor<2x2x3xf64>
  return %j : tensor<2x2x3xf64>
}
