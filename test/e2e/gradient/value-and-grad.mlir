// gradient.value_and_grad: the values of the function first, then the same
// blocks gradient.grad returns, for a scalar function (default argnums and
// two argnums) and for a tensor-valued function (values, then Jacobians).
//   f(x, v) = x^2 v_0 + sin(x v_1) + v_0 v_1 v_2
//   h(x, v) = [x v_0 v_2, cos(v_1) + x]
// Values are compared with @f's and @h's own results (rtol 1e-12: the same
// computation); derivatives with the defaults (rtol 1e-6, atol 1e-8): FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --value-and-grad vg -- 0.7 "[0.4, -1.2, 0.9]"
// RUN: %gradcheck %s --primal f --value-and-grad vg2 --argnums 0,1 -- 0.7 "[0.4, -1.2, 0.9]"
// RUN: %gradcheck %s --primal f --value-and-grad vg2 --argnums 0,1 -- -1.5 "[2.0, 0.3, -0.6]"
// RUN: %gradcheck %s --primal h --value-and-grad vgh --argnums 0,1 -- 0.7 "[0.4, -1.2, 0.9]"
// RUN: cot run %s --entry vg -- 0.7 "[0.4, -1.2, 0.9]" | %expect --tol 1e-12 \
// RUN:   "0.49*0.4 + math.sin(0.7*-1.2) + 0.4*-1.2*0.9" "2*0.7*0.4 + -1.2*math.cos(0.7*-1.2)"

func.func @f(%x: f64, %v: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %x2 = arith.mulf %x, %x : f64
  %a = arith.mulf %x2, %v0 : f64
  %xv = arith.mulf %x, %v1 : f64
  %s = math.sin %xv : f64
  %p = arith.mulf %v0, %v1 : f64
  %p2 = arith.mulf %p, %v2 : f64
  %b = arith.addf %a, %s : f64
  %r = arith.addf %b, %p2 : f64
  return %r : f64
}

func.func @h(%x: f64, %v: tensor<3xf64>) -> tensor<2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %a = arith.mulf %x, %v0 : f64
  %a2 = arith.mulf %a, %v2 : f64
  %c = math.cos %v1 : f64
  %b = arith.addf %c, %x : f64
  %r = tensor.from_elements %a2, %b : tensor<2xf64>
  return %r : tensor<2xf64>
}

func.func @vg(%x: f64, %v: tensor<3xf64>) -> (f64, f64) {
  %val, %gx = gradient.value_and_grad @f(%x, %v) : (f64, tensor<3xf64>) -> (f64, f64)
  return %val, %gx : f64, f64
}

func.func @vg2(%x: f64, %v: tensor<3xf64>) -> (f64, f64, tensor<3xf64>) {
  %val, %gx, %gv = gradient.value_and_grad @f(%x, %v) {argnums = array<i64: 0, 1>} : (f64, tensor<3xf64>) -> (f64, f64, tensor<3xf64>)
  return %val, %gx, %gv : f64, f64, tensor<3xf64>
}

func.func @vgh(%x: f64, %v: tensor<3xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<2x3xf64>) {
  %val, %jx, %jv = gradient.value_and_grad @h(%x, %v) {argnums = array<i64: 0, 1>} : (f64, tensor<3xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<2x3xf64>)
  return %val, %jx, %jv : tensor<2xf64>, tensor<2xf64>, tensor<2x3xf64>
}
