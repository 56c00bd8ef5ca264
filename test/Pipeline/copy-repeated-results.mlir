// copy-repeated-results: a buffer returned more than once gets a fresh copy
// in every place after the first; distinct results are left alone.
// RUN: cot-opt %s --copy-repeated-results | FileCheck %s

// CHECK-LABEL: func.func @twice
// CHECK: %[[COPY:.*]] = memref.alloc() : memref<2xf64>
// CHECK: memref.copy %arg0, %[[COPY]]
// CHECK: return %arg0, %[[COPY]]
func.func @twice(%b: memref<2xf64>) -> (memref<2xf64>, memref<2xf64>) {
  return %b, %b : memref<2xf64>, memref<2xf64>
}

// CHECK-LABEL: func.func @dynamic
// CHECK: %[[N:.*]] = memref.dim %arg0, %c0
// CHECK: %[[COPY:.*]] = memref.alloc(%[[N]]) : memref<?xf64>
// CHECK: return %arg0, %arg1, %[[COPY]]
func.func @dynamic(%b: memref<?xf64>, %c: memref<?xf64>) -> (memref<?xf64>, memref<?xf64>, memref<?xf64>) {
  return %b, %c, %b : memref<?xf64>, memref<?xf64>, memref<?xf64>
}

// CHECK-LABEL: func.func @distinct
// CHECK-NOT: memref.alloc
// CHECK: return %arg0, %arg1, %arg2
func.func @distinct(%b: memref<2xf64>, %c: memref<2xf64>, %x: f64) -> (memref<2xf64>, memref<2xf64>, f64) {
  return %b, %c, %x : memref<2xf64>, memref<2xf64>, f64
}
