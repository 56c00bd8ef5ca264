// An scf.if choosing between two existing tensors becomes, after
// bufferization, an arith.select of two buffers: reads through it read the
// chosen one. f(v, w, s) = t[0] with t = (s < 0 ? insert(s, v, 0) : w), and
// g sums t[i]^2 through a helper called in a loop (t passed to a call).
//   s >= 0: df/dw = e0, dg/dw = 2w;  s < 0: df/ds = 1, dg/dv_i = 2v_i (i>0),
//   dg/ds = 2s. Values are exact (polynomials), so tolerances are tight.
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1,2 -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" 0.5
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1,2 -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" -0.5
// RUN: %gradcheck %s --primal f --jvp d_jvp --argnums 0,1,2 -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" 0.5 -- "[0.7, -0.1, 0.2]" "[0.3, 0.4, 0.5]" 0.25
// RUN: %gradcheck %s --primal g --jvp g_jvp --argnums 0,1,2 -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" 0.5 -- "[0.7, -0.1, 0.2]" "[0.3, 0.4, 0.5]" 0.25
// RUN: %gradcheck %s --primal g --vjp g_vjp --argnums 0,1,2 -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" -0.5 -- 1.5
// The same without the optimizer (the helper stays a call):
// RUN: cot run %s --no-optimize-before-ad --entry g_jvp -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" 0.5 "[0.7, -0.1, 0.2]" "[0.3, 0.4, 0.5]" 0.25 \
// RUN:   | %expect "1.21 + 1.44 + 0.81" "2 * (-1.1 * 0.3 + 1.2 * 0.4 + 0.9 * 0.5)"
// RUN: cot run %s --no-optimize-before-ad --entry g_vjp -- "[0.1, 0.2, 0.3]" "[-1.1, 1.2, 0.9]" -0.5 1.5 \
// RUN:   | %expect "0.25 + 0.04 + 0.09" "[0, 3 * 0.2, 3 * 0.3]" "[0, 0, 0]" "3 * -0.5"
func.func @pick(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %neg = arith.cmpf olt, %s, %zero : f64
  %t = scf.if %neg -> (tensor<3xf64>) {
    %u = tensor.insert %s into %v[%c0] : tensor<3xf64>
    scf.yield %u : tensor<3xf64>
  } else {
    scf.yield %w : tensor<3xf64>
  }
  return %t : tensor<3xf64>
}
func.func @f(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %neg = arith.cmpf olt, %s, %zero : f64
  %t = scf.if %neg -> (tensor<3xf64>) {
    %u = tensor.insert %s into %v[%c0] : tensor<3xf64>
    scf.yield %u : tensor<3xf64>
  } else {
    scf.yield %w : tensor<3xf64>
  }
  %r = tensor.extract %t[%c0] : tensor<3xf64>
  return %r : f64
}
func.func @square_at(%t: tensor<3xf64>, %i: index) -> f64 {
  %e = tensor.extract %t[%i] : tensor<3xf64>
  %p = arith.mulf %e, %e : f64
  return %p : f64
}
func.func @g(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %t = func.call @pick(%v, %w, %s) : (tensor<3xf64>, tensor<3xf64>, f64) -> tensor<3xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %q = func.call @square_at(%t, %i) : (tensor<3xf64>, index) -> f64
    %a = arith.addf %acc, %q : f64
    scf.yield %a : f64
  }
  return %r : f64
}
func.func @d_grad(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64) -> (tensor<3xf64>, tensor<3xf64>, f64) {
  %gv, %gw, %gs = gradient.grad @f(%v, %w, %s) {argnums = array<i64: 0, 1, 2>}
      : (tensor<3xf64>, tensor<3xf64>, f64) -> (tensor<3xf64>, tensor<3xf64>, f64)
  return %gv, %gw, %gs : tensor<3xf64>, tensor<3xf64>, f64
}
func.func @d_jvp(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64, %dv: tensor<3xf64>,
                 %dw: tensor<3xf64>, %ds: f64) -> (f64, f64) {
  %r0, %r1 = gradient.jvp @f(%v, %w, %s) tangents(%dv, %dw, %ds) {argnums = array<i64: 0, 1, 2>}
      : (tensor<3xf64>, tensor<3xf64>, f64, tensor<3xf64>, tensor<3xf64>, f64) -> (f64, f64)
  return %r0, %r1 : f64, f64
}
func.func @g_jvp(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64, %dv: tensor<3xf64>,
                 %dw: tensor<3xf64>, %ds: f64) -> (f64, f64) {
  %r0, %r1 = gradient.jvp @g(%v, %w, %s) tangents(%dv, %dw, %ds) {argnums = array<i64: 0, 1, 2>}
      : (tensor<3xf64>, tensor<3xf64>, f64, tensor<3xf64>, tensor<3xf64>, f64) -> (f64, f64)
  return %r0, %r1 : f64, f64
}
func.func @g_vjp(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64, %c: f64)
    -> (f64, tensor<3xf64>, tensor<3xf64>, f64) {
  %r, %cv, %cw, %cs = gradient.vjp @g(%v, %w, %s) cotangents(%c) {argnums = array<i64: 0, 1, 2>}
      : (tensor<3xf64>, tensor<3xf64>, f64, f64) -> (f64, tensor<3xf64>, tensor<3xf64>, f64)
  return %r, %cv, %cw, %cs : f64, tensor<3xf64>, tensor<3xf64>, f64
}
