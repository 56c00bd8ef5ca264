// While loops carrying tensors, differentiated in both modes:
//   f(x, s) = sum_i sin(x_i s), written element by element while i < 3 (the
//             tensor is updated in place);
//   g(x, s) = sum_i y3_i with y0 = x, y_{k+1} = sin(y_k s) elementwise (each
//             iteration makes a new tensor, so the loop carries a buffer).
// RUN: %gradcheck %s --primal f --grad d_grad --argnums 0,1 -- "[0.5, -1.0, 2.0]" 0.7
// RUN: %gradcheck %s --primal f --jvp d_jvp --argnums 0,1 -- "[0.5, -1.0, 2.0]" 0.7 -- "[0.1, 0.2, 0.3]" -0.4
// RUN: %gradcheck %s --primal g --grad g_grad --argnums 0,1 -- "[0.5, -1.0, 2.0]" 0.7
// RUN: %gradcheck %s --primal g --jvp g_jvp --argnums 0,1 -- "[0.5, -1.0, 2.0]" 0.7 -- "[0.1, 0.2, 0.3]" -0.4
// RUN: cot run %s --no-optimize-before-ad --entry d_grad -- "[0.5, -1.0, 2.0]" 0.7 \
// RUN:   | %expect "[0.7 * math.cos(x * 0.7) for x in (0.5, -1.0, 2.0)]" "sum(x * math.cos(x * 0.7) for x in (0.5, -1.0, 2.0))"
func.func @f(%x: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.while (%i = %c0, %t = %x) : (index, tensor<3xf64>) -> (index, tensor<3xf64>) {
    %more = arith.cmpi slt, %i, %c3 : index
    scf.condition(%more) %i, %t : index, tensor<3xf64>
  } do {
  ^bb0(%i: index, %t: tensor<3xf64>):
    %e = tensor.extract %t[%i] : tensor<3xf64>
    %m = arith.mulf %e, %s : f64
    %v = math.sin %m : f64
    %u = tensor.insert %v into %t[%i] : tensor<3xf64>
    %n = arith.addi %i, %c1 : index
    scf.yield %n, %u : index, tensor<3xf64>
  }
  %a = tensor.extract %r#1[%c0] : tensor<3xf64>
  %b = tensor.extract %r#1[%c1] : tensor<3xf64>
  %c = tensor.extract %r#1[%c2] : tensor<3xf64>
  %ab = arith.addf %a, %b : f64
  %sum = arith.addf %ab, %c : f64
  return %sum : f64
}
func.func @g(%x: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %st = tensor.splat %s : tensor<3xf64>
  %r:2 = scf.while (%i = %c0, %t = %x) : (index, tensor<3xf64>) -> (index, tensor<3xf64>) {
    %more = arith.cmpi slt, %i, %c3 : index
    scf.condition(%more) %i, %t : index, tensor<3xf64>
  } do {
  ^bb0(%i: index, %t: tensor<3xf64>):
    %m = arith.mulf %t, %st : tensor<3xf64>
    %v = math.sin %m : tensor<3xf64>
    %n = arith.addi %i, %c1 : index
    scf.yield %n, %v : index, tensor<3xf64>
  }
  %a = tensor.extract %r#1[%c0] : tensor<3xf64>
  %b = tensor.extract %r#1[%c1] : tensor<3xf64>
  %c = tensor.extract %r#1[%c2] : tensor<3xf64>
  %ab = arith.addf %a, %b : f64
  %sum = arith.addf %ab, %c : f64
  return %sum : f64
}
func.func @g_grad(%x: tensor<3xf64>, %s: f64) -> (tensor<3xf64>, f64) {
  %gx, %gs = gradient.grad @g(%x, %s) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  return %gx, %gs : tensor<3xf64>, f64
}
func.func @g_jvp(%x: tensor<3xf64>, %s: f64, %dx: tensor<3xf64>, %ds: f64) -> (f64, f64) {
  %r, %t = gradient.jvp @g(%x, %s) tangents(%dx, %ds) {argnums = array<i64: 0, 1>}
      : (tensor<3xf64>, f64, tensor<3xf64>, f64) -> (f64, f64)
  return %r, %t : f64, f64
}
func.func @d_grad(%x: tensor<3xf64>, %s: f64) -> (tensor<3xf64>, f64) {
  %gx, %gs = gradient.grad @f(%x, %s) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  return %gx, %gs : tensor<3xf64>, f64
}
func.func @d_jvp(%x: tensor<3xf64>, %s: f64, %dx: tensor<3xf64>, %ds: f64) -> (f64, f64) {
  %r, %t = gradient.jvp @f(%x, %s) tangents(%dx, %ds) {argnums = array<i64: 0, 1>}
      : (tensor<3xf64>, f64, tensor<3xf64>, f64) -> (f64, f64)
  return %r, %t : f64, f64
}
