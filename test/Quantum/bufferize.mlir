// One-shot bufferization of the quantum ops that take or produce tensors: the
// runtime always receives contiguous buffers.
// RUN: cot-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// CHECK-LABEL: func.func @probs
// CHECK-SAME: -> memref<4xf64>
func.func @probs(%q0: !quantum.bit, %q1: !quantum.bit) -> tensor<4xf64> {
  // CHECK: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<4xf64>
  // CHECK: quantum.probs %{{.*}}, %{{.*}} into(%[[BUF]] : memref<4xf64>)
  // CHECK: return %[[BUF]]
  %p = quantum.probs %q0, %q1 : tensor<4xf64>
  return %p : tensor<4xf64>
}

// CHECK-LABEL: func.func @state
func.func @state(%q0: !quantum.bit) -> tensor<2xcomplex<f64>> {
  // CHECK: %[[BUF:.*]] = memref.alloc() {{.*}} : memref<2xcomplex<f64>>
  // CHECK: quantum.state %{{.*}} into(%[[BUF]] : memref<2xcomplex<f64>>)
  %s = quantum.state %q0 : tensor<2xcomplex<f64>>
  return %s : tensor<2xcomplex<f64>>
}

// CHECK-LABEL: func.func @hamiltonian
// CHECK-SAME: (%[[C:.*]]: memref<2xf64>
func.func @hamiltonian(%c: tensor<2xf64>, %q0: !quantum.bit, %q1: !quantum.bit) -> f64 {
  %z = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %x = quantum.namedobs %q1[PauliX] : !quantum.obs
  // CHECK: quantum.hamiltonian(%[[C]] : memref<2xf64>)
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %x : !quantum.obs
  %e = quantum.expval %h : f64
  return %e : f64
}

// A strided slice is copied into a contiguous buffer first.
// CHECK-LABEL: func.func @strided_coefficients
func.func @strided_coefficients(%all: tensor<4xf64>, %q0: !quantum.bit) -> f64 {
  // CHECK: %[[VIEW:.*]] = memref.subview {{.*}} to memref<2xf64, strided<[2]>>
  // CHECK: %[[COPY:.*]] = memref.alloc() {{.*}}: memref<2xf64>
  // CHECK: memref.copy %[[VIEW]], %[[COPY]]
  // CHECK: quantum.hamiltonian(%[[COPY]] : memref<2xf64>)
  %c = tensor.extract_slice %all[0] [2] [2] : tensor<4xf64> to tensor<2xf64>
  %z = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %x = quantum.namedobs %q0[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %x : !quantum.obs
  %e = quantum.expval %h : f64
  return %e : f64
}

// CHECK-LABEL: func.func @unitary
// CHECK-SAME: (%[[M:.*]]: memref<2x2xcomplex<f64>>
func.func @unitary(%m: tensor<2x2xcomplex<f64>>, %q0: !quantum.bit) -> !quantum.bit {
  // CHECK: quantum.unitary(%[[M]] : memref<2x2xcomplex<f64>>)
  %q1 = quantum.unitary(%m : tensor<2x2xcomplex<f64>>) %q0 : !quantum.bit
  return %q1 : !quantum.bit
}

