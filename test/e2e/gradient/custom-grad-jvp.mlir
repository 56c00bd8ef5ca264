// gradient.custom_grad with a JVP: forward mode calls it, reverse mode the
// pair. The rules are deliberately not the true derivative of
// f(v, s) = s * (v0 + v1), so the results show which rule ran:
//   rev: d/dv = ct * [1, 1] * 2, d/ds = ct * 3
//   jvp: t_out = 10 (t_v0 + t_v1) + 100 t_s
// and the tensor argument shows the tangents of buffers: jvp along
// (tv, ts) = ([0.5, -1], 0.25) gives 10 * -0.5 + 25 = 20; grad gives
// [2, 2] and 3; a Jacobian of f in forward mode (more results than
// arguments: g(s) = [f([1, 2], s), s]) uses the JVP: [100, 1].
// RUN: cot run %s -- "[1.0, 2.0]" 0.7 | %expect "0.7*3" "20.0" "[2.0, 2.0]" "3.0" "[100.0, 1.0]"

func.func private @f(%v: tensor<2xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %v[%c0] : tensor<2xf64>
  %b = tensor.extract %v[%c1] : tensor<2xf64>
  %sum = arith.addf %a, %b : f64
  %r = arith.mulf %s, %sum : f64
  return %r : f64
}
func.func private @f_fwd(%v: tensor<2xf64>, %s: f64) -> (f64, f64) {
  %r = func.call @f(%v, %s) : (tensor<2xf64>, f64) -> f64
  %zero = arith.constant 0.0 : f64
  return %r, %zero : f64, f64
}
func.func private @f_rev(%unused: f64, %ct: f64) -> (tensor<2xf64>, f64) {
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %g = arith.mulf %ct, %two : f64
  %gv = tensor.from_elements %g, %g : tensor<2xf64>
  %gs = arith.mulf %ct, %three : f64
  return %gv, %gs : tensor<2xf64>, f64
}
func.func private @f_jvp(%v: tensor<2xf64>, %s: f64, %tv: tensor<2xf64>, %ts: f64) -> (f64, f64) {
  %r = func.call @f(%v, %s) : (tensor<2xf64>, f64) -> f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %tv[%c0] : tensor<2xf64>
  %b = tensor.extract %tv[%c1] : tensor<2xf64>
  %sum = arith.addf %a, %b : f64
  %ten = arith.constant 10.0 : f64
  %hundred = arith.constant 100.0 : f64
  %x = arith.mulf %ten, %sum : f64
  %y = arith.mulf %hundred, %ts : f64
  %t = arith.addf %x, %y : f64
  return %r, %t : f64, f64
}
gradient.custom_grad @f fwd(@f_fwd) rev(@f_rev) jvp(@f_jvp)

func.func private @g(%s: f64) -> tensor<2xf64> {
  %v = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %r = func.call @f(%v, %s) : (tensor<2xf64>, f64) -> f64
  %out = tensor.from_elements %r, %s : tensor<2xf64>
  return %out : tensor<2xf64>
}

func.func @main(%v: tensor<2xf64>, %s: f64) -> (f64, f64, tensor<2xf64>, f64, tensor<2xf64>) {
  %tv = arith.constant dense<[0.5, -1.0]> : tensor<2xf64>
  %ts = arith.constant 0.25 : f64
  %y, %t = gradient.jvp @f(%v, %s) tangents(%tv, %ts) {argnums = array<i64: 0, 1>} : (tensor<2xf64>, f64, tensor<2xf64>, f64) -> (f64, f64)
  %gv, %gs = gradient.grad @f(%v, %s) {argnums = array<i64: 0, 1>} : (tensor<2xf64>, f64) -> (tensor<2xf64>, f64)
  %j = gradient.grad @g(%s) : (f64) -> tensor<2xf64>
  return %y, %t, %gv, %gs, %j : f64, f64, tensor<2xf64>, f64, tensor<2xf64>
}
