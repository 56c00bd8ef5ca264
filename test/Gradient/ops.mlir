// Every gradient op parses, verifies and prints back, custom and generic.
// RUN: cot-opt %s | cot-opt | FileCheck %s
// RUN: cot-opt %s --mlir-print-op-generic | cot-opt | FileCheck %s

func.func @f(%x: f64, %y: tensor<2xf64>) -> tensor<3xf64> {
  %t = tensor.empty() : tensor<3xf64>
  return %t : tensor<3xf64>
}
func.func @s(%x: f64) -> f64 {
  return %x : f64
}
func.func @s_fwd(%x: f64) -> (f64, f64) {
  return %x, %x : f64, f64
}
func.func @s_rev(%r: f64, %ct: f64) -> f64 {
  return %ct : f64
}
// CHECK: gradient.custom_grad @s fwd(@s_fwd) rev(@s_rev)
gradient.custom_grad @s fwd(@s_fwd) rev(@s_rev)
func.func @j(%x: f64) -> f64 {
  return %x : f64
}
func.func @j_jvp(%x: f64, %t: f64) -> (f64, f64) {
  return %x, %t : f64, f64
}
// CHECK: gradient.custom_grad @j fwd(@s_fwd) rev(@s_rev) jvp(@j_jvp)
gradient.custom_grad @j fwd(@s_fwd) rev(@s_rev) jvp(@j_jvp)

// CHECK-LABEL: func.func @uses
func.func @uses(%x: f64, %y: tensor<2xf64>, %ct: tensor<3xf64>, %tx: f64) {
  // CHECK: gradient.grad @f(%{{.*}}, %{{.*}}) {argnums = array<i64: 0, 1>, h = 1.000000e-04 : f64, method = "fd"} : (f64, tensor<2xf64>) -> (tensor<3xf64>, tensor<3x2xf64>)
  %a, %b = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>, method = "fd", h = 1.0e-4} : (f64, tensor<2xf64>) -> (tensor<3xf64>, tensor<3x2xf64>)
  // CHECK: gradient.value_and_grad @s(%{{.*}}) : (f64) -> (f64, f64)
  %v, %g = gradient.value_and_grad @s(%x) : (f64) -> (f64, f64)
  // CHECK: gradient.jvp @f(%{{.*}}, %{{.*}}) tangents(%{{.*}}) : (f64, tensor<2xf64>, f64) -> (tensor<3xf64>, tensor<3xf64>)
  %r, %t = gradient.jvp @f(%x, %y) tangents(%tx) : (f64, tensor<2xf64>, f64) -> (tensor<3xf64>, tensor<3xf64>)
  // CHECK: gradient.vjp @f(%{{.*}}, %{{.*}}) cotangents(%{{.*}}) {argnums = array<i64: 1>} : (f64, tensor<2xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<2xf64>)
  %r2, %c = gradient.vjp @f(%x, %y) cotangents(%ct) {argnums = array<i64: 1>} : (f64, tensor<2xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<2xf64>)
  // CHECK: gradient.backprop @s(%{{.*}}) cotangents(%{{.*}}) {diff_args = array<i64: 0>} : (f64, f64) -> (f64, f64)
  %b1, %b2 = gradient.backprop @s(%x) cotangents(%tx) {diff_args = array<i64: 0>} : (f64, f64) -> (f64, f64)
  // CHECK: gradient.forward @s(%{{.*}}) tangents(%{{.*}}) {diff_args = array<i64: 0>} : (f64, f64) -> (f64, f64)
  %f1, %f2 = gradient.forward @s(%x) tangents(%tx) {diff_args = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return
}

// CHECK-LABEL: func.func @buffers
func.func @buffers(%x: f64, %m: memref<2xf64>, %dm: memref<2xf64>) {
  // CHECK: gradient.reverse_call @s(%{{.*}}) shadows() seeds(%{{.*}}) {active_scalars = array<i64: 0>, shadowed = array<i64>}
  %a, %b = gradient.reverse_call @s(%x) shadows() seeds(%x) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  // CHECK: gradient.tangent_call @s(%{{.*}}) shadows() seeds(%{{.*}})
  %c, %d = gradient.tangent_call @s(%x) shadows() seeds(%x) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  // CHECK: gradient.tape_push %{{.*}}, %{{.*}} : f64, index
  %i = arith.constant 3 : index
  gradient.tape_push %x, %i : f64, index
  // CHECK: gradient.tape_pop : f64, index
  %p:2 = gradient.tape_pop : f64, index
  return
}
