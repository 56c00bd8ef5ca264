// An scf.if yielding, in one branch, a tensor made by tensor.insert into an
// argument and, in the other, a new tensor: after bufferization both yields
// are casts of buffers (one made before the branch), and each branch's
// result adjoints must reach the memory the cast views.
//   f(x, s, c) = r[0] + r[1], r = (c < 0 ? insert(s, x, 1) : s*x)
//   c < 0:  df/dx = [1, 0, 0, 0], df/ds = 1
//   c >= 0: df/dx = [s, s, 0, 0], df/ds = x0 + x1
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 -- "[0.5, -1.0, 2.0, 0.3]" 0.7 1.0
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 -- "[0.5, -1.0, 2.0, 0.3]" 0.7 -1.0
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0, 0.3]" 0.7 1.0 | %expect "[0.7, 0.7, 0, 0]" "0.5 - 1.0"
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0, 0.3]" 0.7 -1.0 | %expect "[1, 0, 0, 0]" "1"
func.func @f(%x: tensor<4xf64>, %s: f64, %c: f64) -> f64 {
  %zf = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tensor.insert %s into %x[%c1] : tensor<4xf64>
  %neg = arith.cmpf olt, %c, %zf : f64
  %r = scf.if %neg -> (tensor<4xf64>) {
    scf.yield %t : tensor<4xf64>
  } else {
    %ss = tensor.splat %s : tensor<4xf64>
    %m = arith.mulf %ss, %x : tensor<4xf64>
    scf.yield %m : tensor<4xf64>
  }
  %r0 = tensor.extract %r[%c0] : tensor<4xf64>
  %r1 = tensor.extract %r[%c1] : tensor<4xf64>
  %v = arith.addf %r0, %r1 : f64
  return %v : f64
}
func.func @d_grad(%x: tensor<4xf64>, %s: f64, %c: f64) -> (tensor<4xf64>, f64) {
  %gx, %gs = gradient.grad @f(%x, %s, %c) {argnums = array<i64: 0, 1>} : (tensor<4xf64>, f64, f64) -> (tensor<4xf64>, f64)
  return %gx, %gs : tensor<4xf64>, f64
}
