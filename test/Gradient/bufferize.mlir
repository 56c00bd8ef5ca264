// One-shot bufferization of the tensor-level derivative ops: backprop and
// forward become reverse_call and tangent_call on buffers. Tensor arguments
// pass fresh copies (the sweeps may overwrite them), tensor results become
// out-buffers (destination-passing) with shadows, scalar seeds stay values;
// the shadow of a differentiated tensor argument starts at zero (reverse) and
// a result cotangent is copied into its out-buffer's shadow.
// RUN: cot-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

func.func @f(%x: tensor<3xf64>, %s: f64) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %x[%c0] : tensor<3xf64>
  %p = arith.mulf %e, %s : f64
  %r = tensor.insert %p into %x[%c0] : tensor<3xf64>
  return %r : tensor<3xf64>
}

// CHECK-LABEL: func.func @vjp
// CHECK-SAME: (%[[X:.*]]: memref<3xf64>, %[[S:.*]]: f64, %[[CT:.*]]: memref<3xf64>)
// CHECK: %[[XCOPY:.*]] = memref.alloc()
// CHECK: memref.copy %[[X]], %[[XCOPY]]
// CHECK: %[[DX:.*]] = memref.alloc()
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[DX]] : memref<3xf64>)
// CHECK: %[[OUT:.*]] = memref.alloc()
// CHECK: %[[DOUT:.*]] = memref.alloc()
// CHECK: memref.copy %[[CT]], %[[DOUT]]
// CHECK: %[[DS:.*]] = gradient.reverse_call @f(%[[XCOPY]], %[[S]], %[[OUT]]) shadows(%[[DX]], %[[DOUT]]) seeds()
// CHECK-SAME: active_scalars = array<i64: 1>
// CHECK-SAME: shadowed = array<i64: 0, 2>
// CHECK: return %[[DX]], %[[DS]]
func.func @vjp(%x: tensor<3xf64>, %s: f64, %ct: tensor<3xf64>) -> (tensor<3xf64>, f64) {
  %r, %dx, %ds = gradient.backprop @f(%x, %s) cotangents(%ct) {diff_args = array<i64: 0, 1>}
      : (tensor<3xf64>, f64, tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>, f64)
  return %dx, %ds : tensor<3xf64>, f64
}

// CHECK-LABEL: func.func @jvp
// CHECK-SAME: (%[[X:.*]]: memref<3xf64>, %[[S:.*]]: f64, %[[DS:.*]]: f64)
// CHECK: %[[XCOPY:.*]] = memref.alloc()
// CHECK: memref.copy %[[X]], %[[XCOPY]]
// CHECK: %[[OUT:.*]] = memref.alloc()
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: gradient.tangent_call @f(%[[XCOPY]], %[[S]], %[[OUT]]) shadows(%[[T]]) seeds(%[[DS]])
// CHECK-SAME: active_scalars = array<i64: 1>
// CHECK-SAME: shadowed = array<i64: 2>
// CHECK: return %[[T]]
func.func @jvp(%x: tensor<3xf64>, %s: f64, %ds: f64) -> tensor<3xf64> {
  %r, %t = gradient.forward @f(%x, %s) tangents(%ds) {diff_args = array<i64: 1>}
      : (tensor<3xf64>, f64, f64) -> (tensor<3xf64>, tensor<3xf64>)
  return %t : tensor<3xf64>
}
