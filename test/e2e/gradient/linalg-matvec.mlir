// linalg.matvec followed by an elementwise tanh, a tensor-valued function
// of a matrix and a vector: Jacobians of shape [2, 2, 3] (w.r.t. A) and
// [2, 3] (w.r.t. x):
//   f(A, x) = tanh(A x)
//   d f_i / d A_kj = (1 - f_i^2) [i == k] x_j,   d f_i / d x_j = (1 - f_i^2) A_ij
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 1, FD
// truncation s^2 |f'''| / 6 < 1e-12, rounding < 1e-10.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]" "[0.9, -0.4, 1.1]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[-1.0, 0.6, 0.25], [-0.9, 0.4, 0.3]]" "[0.2, 1.3, -0.6]"
// RUN: cot run %s --entry df -- "[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]" "[0.9, -0.4, 1.1]" | %expect --tol 1e-12 \
// RUN:   "[[[(1 - math.tanh(sum(a*b for a, b in zip(A[i], X)))**2)*X[j] if i == k else 0 for j in range(3)] for k in range(2)] for i in range(2) for A in [[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]] for X in [[0.9, -0.4, 1.1]]]" \
// RUN:   "[[(1 - math.tanh(sum(a*b for a, b in zip(A[i], X)))**2)*A[i][j] for j in range(3)] for i in range(2) for A in [[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]] for X in [[0.9, -0.4, 1.1]]]"

#map = affine_map<(d0) -> (d0)>

func.func @f(%a: tensor<2x3xf64>, %x: tensor<3xf64>) -> tensor<2xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<2xf64>) -> tensor<2xf64>
  %y = linalg.matvec ins(%a, %x : tensor<2x3xf64>, tensor<3xf64>) outs(%z : tensor<2xf64>) -> tensor<2xf64>
  %init = tensor.empty() : tensor<2xf64>
  %t = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%y : tensor<2xf64>) outs(%init : tensor<2xf64>) {
  ^bb0(%yi: f64, %o: f64):
    %th = math.tanh %yi : f64
    linalg.yield %th : f64
  } -> tensor<2xf64>
  return %t : tensor<2xf64>
}

func.func @df(%a: tensor<2x3xf64>, %x: tensor<3xf64>) -> (tensor<2x2x3xf64>, tensor<2x3xf64>) {
  %ja, %jx = gradient.grad @f(%a, %x) {argnums = array<i64: 0, 1>} : (tensor<2x3xf64>, tensor<3xf64>) -> (tensor<2x2x3xf64>, tensor<2x3xf64>)
  return %ja, %jx : tensor<2x2x3xf64>, tensor<2x3xf64>
}
