// linalg.generic with reduction iterators: a row reduction of a rank-2
// tensor against a transformed vector, then a full reduction to a scalar:
//   u_i = sum_j A_ij x_j^2          (2x3 by 3 -> 2; "parallel", "reduction")
//   f(A, x) = sum_i exp(u_i / 4) + u_0 u_1
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): polynomial and exp, |f| < 10,
// FD truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[0.5, -0.3, 0.8], [0.1, 1.2, -0.7]]" "[0.9, -0.4, 1.1]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[-1.0, 0.6, 0.25], [-0.9, 0.4, 0.3]]" "[0.2, 1.3, -0.6]"

#rows = affine_map<(i, j) -> (i, j)>
#cols = affine_map<(i, j) -> (j)>
#out = affine_map<(i, j) -> (i)>
#id = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>

func.func @f(%a: tensor<2x3xf64>, %x: tensor<3xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %quarter = arith.constant 0.25 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e2 = tensor.empty() : tensor<2xf64>
  %z2 = linalg.fill ins(%zero : f64) outs(%e2 : tensor<2xf64>) -> tensor<2xf64>
  %u = linalg.generic {indexing_maps = [#rows, #cols, #out], iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : tensor<2x3xf64>, tensor<3xf64>) outs(%z2 : tensor<2xf64>) {
  ^bb0(%aij: f64, %xj: f64, %acc: f64):
    %x2 = arith.mulf %xj, %xj : f64
    %p = arith.mulf %aij, %x2 : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  } -> tensor<2xf64>
  %e0 = tensor.empty() : tensor<f64>
  %z0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %sum = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%u : tensor<2xf64>) outs(%z0 : tensor<f64>) {
  ^bb0(%ui: f64, %acc: f64):
    %q = arith.mulf %ui, %quarter : f64
    %e = math.exp %q : f64
    %s = arith.addf %acc, %e : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  %se = tensor.extract %sum[] : tensor<f64>
  %u0 = tensor.extract %u[%c0] : tensor<2xf64>
  %u1 = tensor.extract %u[%c1] : tensor<2xf64>
  %uu = arith.mulf %u0, %u1 : f64
  %r = arith.addf %se, %uu : f64
  return %r : f64
}

func.func @df(%a: tensor<2x3xf64>, %x: tensor<3xf64>) -> (tensor<2x3xf64>, tensor<3xf64>) {
  %ga, %gx = gradient.grad @f(%a, %x) {argnums = array<i64: 0, 1>} : (tensor<2x3xf64>, tensor<3xf64>) -> (tensor<2x3xf64>, tensor<3xf64>)
  return %ga, %gx : tensor<2x3xf64>, tensor<3xf64>
}
