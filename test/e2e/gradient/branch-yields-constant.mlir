// An scf.if yielding a constant tensor in one branch and a computed one in
// the other: the constant receives no adjoints.
//   f(x, s, c) = t[1] s, t = (c < 0 ? C : tanh(x)), C = [1, 2, 3, 4]
//   c < 0:  df/dx = 0, df/ds = 2
//   c >= 0: df/dx = [0, s (1 - tanh(x1)^2), 0, 0], df/ds = tanh(x1)
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 -- "[0.5, -1.0, 2.0, 0.3]" 0.7 1.0
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0, 0.3]" 0.7 -1.0 | %expect "[0, 0, 0, 0]" "2"
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0, 0.3]" 0.7 1.0 | %expect --tol 1e-12 "[0, 0.7 * (1 - math.tanh(-1.0)**2), 0, 0]" "math.tanh(-1.0)"
func.func @f(%x: tensor<4xf64>, %s: f64, %c: f64) -> f64 {
  %zf = arith.constant 0.0 : f64
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %neg = arith.cmpf olt, %c, %zf : f64
  %t = scf.if %neg -> (tensor<4xf64>) {
    scf.yield %cst : tensor<4xf64>
  } else {
    %th = math.tanh %x : tensor<4xf64>
    scf.yield %th : tensor<4xf64>
  }
  %c1 = arith.constant 1 : index
  %e = tensor.extract %t[%c1] : tensor<4xf64>
  %v = arith.mulf %e, %s : f64
  return %v : f64
}
func.func @d_grad(%x: tensor<4xf64>, %s: f64, %c: f64) -> (tensor<4xf64>, f64) {
  %gx, %gs = gradient.grad @f(%x, %s, %c) {argnums = array<i64: 0, 1>} : (tensor<4xf64>, f64, f64) -> (tensor<4xf64>, f64)
  return %gx, %gs : tensor<4xf64>, f64
}
