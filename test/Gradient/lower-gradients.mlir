// lower-gradients: one sweep where one suffices, a loop of sweeps assembling
// a Jacobian (rows by reverse mode, columns by forward mode, whichever is
// fewer), central differences for method = "fd".
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
// Central differences: (f(x + h) - f(x - h)) / 2h.
// CHECK-LABEL: func.func @finite_differences
// CHECK: arith.constant 1.000000e-03
// CHECK: %[[UP:.*]] = call @k
// CHECK: arith.constant -1.000000e-03
// CHECK: %[[DOWN:.*]] = call @k
// CHECK: %[[D:.*]] = arith.subf %[[UP]], %[[DOWN]]
// CHECK: %[[TWOH:.*]] = arith.constant 2.000000e-03
// CHECK: arith.divf %[[D]], %[[TWOH]]
func.func @finite_differences(%x: f64) -> f64 {
  %g = gradient.grad @k(%x) {method = "fd", h = 1.0e-3} : (f64) -> f64
  return %g : f64
}

// A jvp is one forward sweep; a vjp one reverse sweep.
// CHECK-LABEL: func.func @products
// CHECK: gradient.forward @k(%arg0) tangents(%arg1) {diff_args = array<i64: 0>}
// CHECK: gradient.backprop @k(%arg0) cotangents(%arg1) {diff_args = array<i64: 0>}
func.func @products(%x: f64, %t: f64) -> (f64, f64) {
  %v, %jt = gradient.jvp @k(%x) tangents(%t) : (f64, f64) -> (f64, f64)
  %w, %vj = gradient.vjp @k(%x) cotangents(%t) : (f64, f64) -> (f64, f64)
  return %jt, %vj : f64, f64
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
