// linalg.matmul: the Jacobian of a matrix product is rank 4,
// shape(C) ++ shape(A) = [2, 2, 2, 2]:
//   C = A B,  d C_ij / d A_kl = [i == k] B_lj,  d C_ij / d B_kl = A_ik [j == l]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): bilinear, so FD truncation is
// 0 and rounding ~1e-16 |C| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[0.5, -0.3], [0.1, 1.2]]" "[[0.9, -0.4], [1.1, 0.7]]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[-1.0, 2.5], [0.25, -0.9]]" "[[0.2, 1.3], [-0.6, 0.8]]"
// RUN: cot run %s --entry df -- "[[0.5, -0.3], [0.1, 1.2]]" "[[0.9, -0.4], [1.1, 0.7]]" | %expect --tol 1e-12 \
// RUN:   "[[[[B[l][j] if i == k else 0 for l in range(2)] for k in range(2)] for j in range(2)] for i in range(2) for B in [[[0.9, -0.4], [1.1, 0.7]]]]" \
// RUN:   "[[[[A[i][k] if j == l else 0 for l in range(2)] for k in range(2)] for j in range(2)] for i in range(2) for A in [[[0.5, -0.3], [0.1, 1.2]]]]"

func.func @f(%a: tensor<2x2xf64>, %b: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2x2xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<2x2xf64>) -> tensor<2x2xf64>
  %c = linalg.matmul ins(%a, %b : tensor<2x2xf64>, tensor<2x2xf64>) outs(%z : tensor<2x2xf64>) -> tensor<2x2xf64>
  return %c : tensor<2x2xf64>
}

func.func @df(%a: tensor<2x2xf64>, %b: tensor<2x2xf64>) -> (tensor<2x2x2x2xf64>, tensor<2x2x2x2xf64>) {
  %ja, %jb = gradient.grad @f(%a, %b) {argnums = array<i64: 0, 1>} : (tensor<2x2xf64>, tensor<2x2xf64>) -> (tensor<2x2x2x2xf64>, tensor<2x2x2x2xf64>)
  return %ja, %jb : tensor<2x2x2x2xf64>, tensor<2x2x2x2xf64>
}
