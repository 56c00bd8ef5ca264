// GradMethods/ReverseJacobian.cpp: one reverse sweep (gradient.backprop) per
// vector of result cotangents; a Jacobian row by row.
// RUN: cot-opt %s --split-input-file --lower-gradients | FileCheck %s

func.func @f(%x: f64, %y: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %y[%c0] : tensor<3xf64>
  %r = arith.mulf %x, %e : f64
  return %r : f64
}
// A scalar function: one reverse sweep with cotangent 1.
// CHECK-LABEL: func.func @grad_scalar
// CHECK: %[[ONE:.*]] = arith.constant 1.0
// CHECK: %[[B:.*]]:3 = gradient.backprop @f(%arg0, %arg1) cotangents(%[[ONE]]) {diff_args = array<i64: 0, 1>}
// CHECK: return %[[B]]#1, %[[B]]#2
func.func @grad_scalar(%x: f64, %y: tensor<3xf64>) -> (f64, tensor<3xf64>) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>)
  return %gx, %gy : f64, tensor<3xf64>
}

// -----

func.func @h(%x: tensor<4xf64>) -> tensor<2xf64> {
  %r = tensor.extract_slice %x[0] [2] [1] : tensor<4xf64> to tensor<2xf64>
  return %r : tensor<2xf64>
}
// 2 outputs, 4 inputs: two reverse sweeps, one per output element.
// CHECK-LABEL: func.func @jacobian_by_rows
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[CT:.*]] = tensor.insert
// CHECK:   %[[B:.*]]:2 = gradient.backprop @h(%arg0) cotangents(%[[CT]])
// CHECK:   tensor.insert_slice %[[B]]#1 into %{{.*}}[%[[E]], 0] [1, 4] [1, 1] : tensor<4xf64> into tensor<2x4xf64>
func.func @jacobian_by_rows(%x: tensor<4xf64>) -> tensor<2x4xf64> {
  %j = gradient.grad @h(%x) : (tensor<4xf64>) -> tensor<2x4xf64>
  return %j : tensor<2x4xf64>
}

// -----


func.func @k(%x: f64) -> f64 {
  %r = math.sin %x : f64
  return %r : f64
}
// A vjp is one reverse sweep, returning the values and the cotangents.
// CHECK-LABEL: func.func @vjp
// CHECK: %[[B:.*]]:2 = gradient.backprop @k(%arg0) cotangents(%arg1) {diff_args = array<i64: 0>}
// CHECK: return %[[B]]#1
func.func @vjp(%x: f64, %t: f64) -> f64 {
  %w, %vj = gradient.vjp @k(%x) cotangents(%t) : (f64, f64) -> (f64, f64)
  return %vj : f64
}
