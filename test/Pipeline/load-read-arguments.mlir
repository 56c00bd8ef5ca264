// load-read-arguments: a tensor argument read only by tensor.extract is read
// through one read-only buffer, its extracts becoming loads; one-shot
// bufferization then leaves the loads on the argument itself, as it would
// have made them. Arguments with any other use, and scalars, are left alone.
// RUN: cot-opt %s --load-read-arguments | FileCheck %s
// RUN: cot-opt %s --read-only-entry-arguments --load-read-arguments --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s --check-prefix=BUFFERS

// CHECK-LABEL: func.func @angles
// CHECK-SAME: (%[[P:.*]]: tensor<3xf64>, %[[Q:.*]]: tensor<?x2xf32>, %[[I:.*]]: index)
// CHECK-NEXT: %[[QB:.*]] = bufferization.to_buffer %[[Q]] read_only : tensor<?x2xf32> to memref<?x2xf32>
// CHECK-NEXT: %[[PB:.*]] = bufferization.to_buffer %[[P]] read_only : tensor<3xf64> to memref<3xf64>
// CHECK-NOT: tensor.extract
// CHECK: memref.load %[[PB]][%{{.*}}] : memref<3xf64>
// CHECK: memref.load %[[PB]][%[[I]]] : memref<3xf64>
// CHECK: memref.load %[[QB]][%[[I]], %{{.*}}] : memref<?x2xf32>
// BUFFERS-LABEL: func.func @angles
// BUFFERS-SAME: (%[[P:.*]]: memref<3xf64>, %[[Q:.*]]: memref<?x2xf32>, %[[I:.*]]: index)
// BUFFERS-NOT: memref.alloc
// BUFFERS-NOT: memref.copy
// BUFFERS: memref.load %[[P]][%{{.*}}] : memref<3xf64>
// BUFFERS: memref.load %[[P]][%[[I]]] : memref<3xf64>
// BUFFERS: memref.load %[[Q]][%[[I]], %{{.*}}] : memref<?x2xf32>
func.func @angles(%p: tensor<3xf64>, %q: tensor<?x2xf32>, %i: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %p[%c0] : tensor<3xf64>
  %b = tensor.extract %p[%i] : tensor<3xf64>
  %c = tensor.extract %q[%i, %c1] : tensor<?x2xf32>
  %d = arith.extf %c : f32 to f64
  %s = arith.addf %a, %b : f64
  %t = arith.addf %s, %d : f64
  return %t : f64
}

// An argument also written into, or passed on, keeps its extracts.
// CHECK-LABEL: func.func private @mixed
// CHECK-NOT: bufferization.to_buffer
// CHECK: tensor.extract %arg0
// CHECK: tensor.insert
// CHECK: tensor.extract %arg1
// CHECK: call @sum(%arg1)
func.func private @mixed(%x: tensor<3xf64>, %y: tensor<3xf64>, %v: f64)
    -> (tensor<3xf64>, f64) {
  %c0 = arith.constant 0 : index
  %a = tensor.extract %x[%c0] : tensor<3xf64>
  %w = tensor.insert %v into %x[%c0] : tensor<3xf64>
  %b = tensor.extract %y[%c0] : tensor<3xf64>
  %s = func.call @sum(%y) : (tensor<3xf64>) -> f64
  %t = arith.addf %a, %b : f64
  %u = arith.addf %t, %s : f64
  return %w, %u : tensor<3xf64>, f64
}

// A private function's argument is rewritten too; a declaration is skipped.
// CHECK-LABEL: func.func private @sum
// CHECK: bufferization.to_buffer %arg0 read_only
// CHECK: memref.load
// CHECK-LABEL: func.func private @external
func.func private @sum(%x: tensor<3xf64>) -> f64 {
  %c2 = arith.constant 2 : index
  %a = tensor.extract %x[%c2] : tensor<3xf64>
  return %a : f64
}
func.func private @external(tensor<3xf64>) -> f64
