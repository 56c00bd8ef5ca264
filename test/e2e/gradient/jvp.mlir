// gradient.jvp (forward mode): the values, then J t, for a map R^2 -> R^3
// (the DESIGN.md example's shapes) and for a scalar function of a scalar;
// J t is compared with the FD Jacobian times the tangent.
//   f(x) = [x_0 x_1, sin(x_0) + x_1^2, exp(x_0 - x_1)]
//   J = [[x_1, x_0], [cos x_0, 2 x_1], [e^{x_0 - x_1}, -e^{x_0 - x_1}]]
//   g(s) = s^3 - 2 cos(s)
// Values: rtol 1e-12 (the same computation); tangents: the defaults
// (rtol 1e-6, atol 1e-8): FD truncation s^2 |f'''| / 6 < 1e-11, rounding
// < 1e-9, times |t| <= 2.
// RUN: %gradcheck %s --primal f --jvp jf -- "[0.7, -0.4]" -- "[1.0, 0.0]"
// RUN: %gradcheck %s --primal f --jvp jf -- "[0.7, -0.4]" -- "[0.3, -1.7]"
// RUN: %gradcheck %s --primal f --jvp jf -- "[-1.2, 0.9]" -- "[2.0, 0.5]"
// RUN: %gradcheck %s --primal g --jvp jg -- 1.3 -- 0.25
// RUN: cot run %s --entry jf -- "[0.7, -0.4]" "[0.3, -1.7]" | %expect --tol 1e-12 \
// RUN:   "[0.7*-0.4, math.sin(0.7) + 0.16, math.exp(1.1)]" \
// RUN:   "[-0.4*0.3 + 0.7*-1.7, math.cos(0.7)*0.3 + 2*-0.4*-1.7, math.exp(1.1)*(0.3 + 1.7)]"

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

func.func @jf(%x: tensor<2xf64>, %tx: tensor<2xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %v, %t = gradient.jvp @f(%x) tangents(%tx) : (tensor<2xf64>, tensor<2xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  return %v, %t : tensor<3xf64>, tensor<3xf64>
}

func.func @g(%s: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %s2 = arith.mulf %s, %s : f64
  %s3 = arith.mulf %s2, %s : f64
  %c = math.cos %s : f64
  %c2 = arith.mulf %two, %c : f64
  %r = arith.subf %s3, %c2 : f64
  return %r : f64
}

func.func @jg(%s: f64, %ts: f64) -> (f64, f64) {
  %v, %t = gradient.jvp @g(%s) tangents(%ts) : (f64, f64) -> (f64, f64)
  return %v, %t : f64, f64
}
