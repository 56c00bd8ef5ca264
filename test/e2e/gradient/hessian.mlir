// The Hessian of a function of a vector as the Jacobian of its gradient
// (reverse over reverse), and a Hessian-vector product as the JVP of the
// gradient (forward over reverse):
//   f(v) = exp(a b) + a^2 sin b,  v = (a, b)
//   grad f = (b e^{ab} + 2 a sin b,  a e^{ab} + a^2 cos b)
//   H = [[b^2 e^{ab} + 2 sin b,  (1 + a b) e^{ab} + 2 a cos b],
//        [(1 + a b) e^{ab} + 2 a cos b,  a^2 e^{ab} - a^2 sin b]]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): the gradient is exact to a
// few ulps; FD of it has truncation s^2 |f''''| / 6 < 1e-10 and rounding
// < 1e-9 (|grad f| < 10 here). The analytic check uses 1e-11.
// RUN: %gradcheck %s --primal f --grad g -- "[0.7, -0.4]"
// RUN: %gradcheck %s --primal g --grad h -- "[0.7, -0.4]"
// RUN: %gradcheck %s --primal g --grad h -- "[-1.1, 0.9]"
// RUN: %gradcheck %s --primal g --jvp hvp -- "[0.7, -0.4]" -- "[0.3, 1.5]"
// RUN: cot run %s --entry h -- "[0.7, -0.4]" | %expect --tol 1e-11 \
// RUN:   "(lambda a, b: [[b*b*math.exp(a*b) + 2*math.sin(b), (1 + a*b)*math.exp(a*b) + 2*a*math.cos(b)], [(1 + a*b)*math.exp(a*b) + 2*a*math.cos(b), a*a*math.exp(a*b) - a*a*math.sin(b)]])(0.7, -0.4)"

func.func @f(%v: tensor<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %v[%c0] : tensor<2xf64>
  %b = tensor.extract %v[%c1] : tensor<2xf64>
  %ab = arith.mulf %a, %b : f64
  %e = math.exp %ab : f64
  %a2 = arith.mulf %a, %a : f64
  %s = math.sin %b : f64
  %t = arith.mulf %a2, %s : f64
  %r = arith.addf %e, %t : f64
  return %r : f64
}

func.func @g(%v: tensor<2xf64>) -> tensor<2xf64> {
  %d = gradient.grad @f(%v) : (tensor<2xf64>) -> tensor<2xf64>
  return %d : tensor<2xf64>
}

func.func @h(%v: tensor<2xf64>) -> tensor<2x2xf64> {
  %j = gradient.grad @g(%v) : (tensor<2xf64>) -> tensor<2x2xf64>
  return %j : tensor<2x2xf64>
}

func.func @hvp(%v: tensor<2xf64>, %t: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>) {
  %gv, %ht = gradient.jvp @g(%v) tangents(%t) : (tensor<2xf64>, tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>)
  return %gv, %ht : tensor<2xf64>, tensor<2xf64>
}
