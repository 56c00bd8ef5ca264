// gradient.vjp (reverse mode with explicit cotangents): the values, then
// c^T J per differentiated argument, compared with the FD Jacobian. The map
// R^2 -> R^3 has the DESIGN.md example's shapes; the second function has
// two results of different ranks (one cotangent each) and two argnums.
//   f(x) = [x_0 x_1, sin(x_0) + x_1^2, exp(x_0 - x_1)]
//   h(s, v) = (s v_0 v_1, [cos(s v_0), s + v_1^3])
// Values: rtol 1e-12; cotangents: the defaults (rtol 1e-6, atol 1e-8): FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9, times |c| <= 2.
// RUN: %gradcheck %s --primal f --vjp vf -- "[0.7, -0.4]" -- "[1.0, 0.0, 0.0]"
// RUN: %gradcheck %s --primal f --vjp vf -- "[0.7, -0.4]" -- "[0.3, -1.7, 0.5]"
// RUN: %gradcheck %s --primal f --vjp vf -- "[-1.2, 0.9]" -- "[2.0, 0.5, -1.0]"
// RUN: %gradcheck %s --primal h --vjp vh --argnums 0,1 -- 0.8 "[0.5, -1.1]" -- 1.5 "[-0.5, 2.0]"
// RUN: %gradcheck %s --primal h --vjp vh --argnums 0,1 -- -1.3 "[1.2, 0.4]" -- -1.0 "[0.25, 1.0]"
// RUN: cot run %s --entry vf -- "[0.7, -0.4]" "[0.3, -1.7, 0.5]" | %expect --tol 1e-12 \
// RUN:   "[0.7*-0.4, math.sin(0.7) + 0.16, math.exp(1.1)]" \
// RUN:   "[0.3*-0.4 - 1.7*math.cos(0.7) + 0.5*math.exp(1.1), 0.3*0.7 - 1.7*2*-0.4 - 0.5*math.exp(1.1)]"

func.func @f(%x: tensor<2xf64>) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %x[%c0] : tensor<2xf64>
  %b = tensor.extract %x[%c1] : tensor<2xf64>
  %p = arith.mulf %a, %b : f64
  %s = math.sin %a : f64
  %b2 = arith.mulf %b, %b : f64
  %q = arith.addf %s, %b2 : f64
  %d = arith.subf %a, %b : f64
  %e = math.exp %d : f64
  %r = tensor.from_elements %p, %q, %e : tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func @vf(%x: tensor<2xf64>, %cy: tensor<3xf64>) -> (tensor<3xf64>, tensor<2xf64>) {
  %v, %c = gradient.vjp @f(%x) cotangents(%cy) : (tensor<2xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<2xf64>)
  return %v, %c : tensor<3xf64>, tensor<2xf64>
}

func.func @h(%s: f64, %v: tensor<2xf64>) -> (f64, tensor<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %sv = arith.mulf %s, %v0 : f64
  %r0 = arith.mulf %sv, %v1 : f64
  %c = math.cos %sv : f64
  %v12 = arith.mulf %v1, %v1 : f64
  %v13 = arith.mulf %v12, %v1 : f64
  %t = arith.addf %s, %v13 : f64
  %r1 = tensor.from_elements %c, %t : tensor<2xf64>
  return %r0, %r1 : f64, tensor<2xf64>
}

func.func @vh(%s: f64, %v: tensor<2xf64>, %c0: f64, %c1: tensor<2xf64>) -> (f64, tensor<2xf64>, f64, tensor<2xf64>) {
  %r0, %r1, %gs, %gv = gradient.vjp @h(%s, %v) cotangents(%c0, %c1) {argnums = array<i64: 0, 1>}
      : (f64, tensor<2xf64>, f64, tensor<2xf64>) -> (f64, tensor<2xf64>, f64, tensor<2xf64>)
  return %r0, %r1, %gs, %gv : f64, tensor<2xf64>, f64, tensor<2xf64>
}
