// GradMethods/ForwardJacobian.cpp: one forward sweep (gradient.forward) per
// vector of argument tangents; a Jacobian column by column; a vjp of a
// function that takes derivatives itself, assembled from columns.
// RUN: cot-opt %s --split-input-file --lower-gradients | FileCheck %s


func.func @g(%x: tensor<2xf64>) -> tensor<5xf64> {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %x[%c0] : tensor<2xf64>
  %t = tensor.splat %e : tensor<5xf64>
  return %t : tensor<5xf64>
}
// 5 outputs, 2 inputs: two forward sweeps, one per input element, each
// filling a column of the 5x2 Jacobian.
// CHECK-LABEL: func.func @jacobian_by_columns
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[DIR:.*]] = tensor.insert
// CHECK:   %[[F:.*]]:2 = gradient.forward @g(%arg0) tangents(%[[DIR]]) {diff_args = array<i64: 0>}
// CHECK:   tensor.insert_slice %[[F]]#1 into %{{.*}}[0, %[[E]]] [5, 1] [1, 1] : tensor<5xf64> into tensor<5x2xf64>
func.func @jacobian_by_columns(%x: tensor<2xf64>) -> tensor<5x2xf64> {
  %j = gradient.grad @g(%x) : (tensor<2xf64>) -> tensor<5x2xf64>
  return %j : tensor<5x2xf64>
}

// -----


func.func @k(%x: f64) -> f64 {
  %r = math.sin %x : f64
  return %r : f64
}
// A jvp is one forward sweep.
// CHECK-LABEL: func.func @jvp
// CHECK: %[[F:.*]]:2 = gradient.forward @k(%arg0) tangents(%arg1) {diff_args = array<i64: 0>}
// CHECK: return %[[F]]#1
func.func @jvp(%x: f64, %t: f64) -> f64 {
  %v, %jt = gradient.jvp @k(%x) tangents(%t) : (f64, f64) -> (f64, f64)
  return %jt : f64
}

// -----

func.func @inner(%x: f64) -> f64 {
  %r = arith.mulf %x, %x : f64
  return %r : f64
}
func.func @outer(%x: f64) -> f64 {
  %g = gradient.grad @inner(%x) : (f64) -> f64
  return %g : f64
}
// The outer function takes a reverse-mode derivative itself: differentiated
// in forward mode (forward over reverse).
// CHECK-LABEL: func.func @second
// CHECK: gradient.forward @outer
// CHECK-NOT: gradient.backprop @outer
func.func @second(%x: f64) -> f64 {
  %g = gradient.grad @outer(%x) : (f64) -> f64
  return %g : f64
}

// A vjp of such a function: a forward sweep per argument element, each
// column dotted with the cotangent.
// CHECK-LABEL: func.func @vjp_by_columns
// CHECK: %[[F:.*]]:2 = gradient.forward @outer(%arg0) tangents(%{{.*}}) {diff_args = array<i64: 0>}
// CHECK: arith.mulf %arg1, %[[F]]#1
// CHECK-NOT: gradient.backprop @outer
func.func @vjp_by_columns(%x: f64, %c: f64) -> f64 {
  %v, %g = gradient.vjp @outer(%x) cotangents(%c) : (f64, f64) -> (f64, f64)
  return %g : f64
}
