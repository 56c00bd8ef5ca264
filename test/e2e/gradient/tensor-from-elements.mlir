// A rank-2 tensor built with tensor.from_elements from scalar arguments:
// the Jacobian w.r.t. a scalar has the result's shape [2, 2]:
//   f(x, y) = [[x y, sin x], [y, x + y^2]]
//   df/dx = [[y, cos x], [0, 1]],  df/dy = [[x, 0], [1, 2y]]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): FD truncation
// s^2 |f'''| / 6 < 1e-12, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 -1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -2.0 0.45
// RUN: cot run %s --entry df -- 0.7 -1.3 | %expect --tol 1e-12 \
// RUN:   "[[-1.3, math.cos(0.7)], [0, 1]]" "[[0.7, 0], [1, -2.6]]"

func.func @f(%x: f64, %y: f64) -> tensor<2x2xf64> {
  %xy = arith.mulf %x, %y : f64
  %s = math.sin %x : f64
  %y2 = arith.mulf %y, %y : f64
  %q = arith.addf %x, %y2 : f64
  %r = tensor.from_elements %xy, %s, %y, %q : tensor<2x2xf64>
  return %r : tensor<2x2xf64>
}

func.func @df(%x: f64, %y: f64) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %jx, %jy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (tensor<2x2xf64>, tensor<2x2xf64>)
  return %jx, %jy : tensor<2x2xf64>, tensor<2x2xf64>
}
