// GradMethods/FiniteDifferences.cpp: method = "fd", central differences
// (f(x + h d) - f(x - h d)) / 2h along each direction.
// RUN: cot-opt %s --split-input-file --lower-gradients | FileCheck %s


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

// -----

func.func @m(%x: tensor<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %x[%c0] : tensor<2xf64>
  return %e : f64
}
// A jvp by differences: one pair of evaluations along the given tangent.
// CHECK-LABEL: func.func @fd_jvp
// CHECK: %[[STEP:.*]] = arith.constant dense<9.9999999999999995E-7>
// CHECK: arith.mulf %arg1, %[[STEP]]
// CHECK: call @m
// CHECK: call @m
// CHECK-NOT: gradient.forward
func.func @fd_jvp(%x: tensor<2xf64>, %t: tensor<2xf64>) -> f64 {
  %v, %jt = gradient.jvp @m(%x) tangents(%t) {method = "fd"} : (tensor<2xf64>, tensor<2xf64>) -> (f64, f64)
  return %jt : f64
}

// A vjp by differences: a pair of evaluations per argument element.
// CHECK-LABEL: func.func @fd_vjp
// CHECK: scf.for
// CHECK:   call @m
// CHECK:   call @m
// CHECK-NOT: gradient.backprop
func.func @fd_vjp(%x: tensor<2xf64>, %c: f64) -> tensor<2xf64> {
  %v, %g = gradient.vjp @m(%x) cotangents(%c) {method = "fd"} : (tensor<2xf64>, f64) -> (f64, tensor<2xf64>)
  return %g : tensor<2xf64>
}
