// A function with three results of different ranks, differentiated w.r.t. a
// scalar and a vector: six blocks, result-major, each of shape
// shape(result) ++ shape(argument):
//   f(x, v) = ( [x v_0, x v_1, sin x]        tensor<3xf64>  -> [3], [3, 2]
//             , v_0^2 + v_1 x                f64            -> [],  [2]
//             , [[x, v_0], [v_1, x v_0 v_1]] tensor<2x2xf64> -> [2, 2], [2, 2, 2] )
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): polynomial and sin, FD
// truncation s^2 |f'''| / 6 < 1e-12, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 "[0.4, -1.2]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.6 "[2.0, 0.3]"
// RUN: cot run %s --entry df -- 0.7 "[0.4, -1.2]" | %expect --tol 1e-12 \
// RUN:   "[0.4, -1.2, math.cos(0.7)]" "[[0.7, 0], [0, 0.7], [0, 0]]" \
// RUN:   "-1.2" "[0.8, 0.7]" \
// RUN:   "[[1, 0], [0, 0.4*-1.2]]" "[[[0, 0], [1, 0]], [[0, 1], [0.7*-1.2, 0.7*0.4]]]"

func.func @f(%x: f64, %v: tensor<2xf64>) -> (tensor<3xf64>, f64, tensor<2x2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %a0 = arith.mulf %x, %v0 : f64
  %a1 = arith.mulf %x, %v1 : f64
  %s = math.sin %x : f64
  %r0 = tensor.from_elements %a0, %a1, %s : tensor<3xf64>
  %v02 = arith.mulf %v0, %v0 : f64
  %v1x = arith.mulf %v1, %x : f64
  %r1 = arith.addf %v02, %v1x : f64
  %p = arith.mulf %a0, %v1 : f64
  %r2 = tensor.from_elements %x, %v0, %v1, %p : tensor<2x2xf64>
  return %r0, %r1, %r2 : tensor<3xf64>, f64, tensor<2x2xf64>
}

func.func @df(%x: f64, %v: tensor<2xf64>)
    -> (tensor<3xf64>, tensor<3x2xf64>, f64, tensor<2xf64>, tensor<2x2xf64>, tensor<2x2x2xf64>) {
  %j0x, %j0v, %j1x, %j1v, %j2x, %j2v = gradient.grad @f(%x, %v) {argnums = array<i64: 0, 1>}
      : (f64, tensor<2xf64>) -> (tensor<3xf64>, tensor<3x2xf64>, f64, tensor<2xf64>, tensor<2x2xf64>, tensor<2x2x2xf64>)
  return %j0x, %j0v, %j1x, %j1v, %j2x, %j2v : tensor<3xf64>, tensor<3x2xf64>, f64, tensor<2xf64>, tensor<2x2xf64>, tensor<2x2x2xf64>
}
