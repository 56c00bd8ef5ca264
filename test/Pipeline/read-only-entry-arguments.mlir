// read-only-entry-arguments: the tensor arguments of public functions become
// non-writable for bufferization, which then copies one before writing into
// it; scalars, private functions and declarations are left alone.
// RUN: cot-opt %s --read-only-entry-arguments | FileCheck %s
// RUN: cot-opt %s --read-only-entry-arguments --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUFFERS

// CHECK-LABEL: func.func @update
// CHECK-SAME: (%{{.*}}: tensor<3xf64> {bufferization.writable = false}, %{{.*}}: f64)
// BUFFERS-LABEL: func.func @update
// BUFFERS: %[[COPY:.*]] = memref.alloc() {{.*}} : memref<3xf64>
// BUFFERS: memref.copy %arg0, %[[COPY]]
// BUFFERS: memref.store %arg1, %[[COPY]]
func.func @update(%x: tensor<3xf64>, %v: f64) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %y = tensor.insert %v into %x[%c0] : tensor<3xf64>
  return %y : tensor<3xf64>
}

// CHECK-LABEL: func.func private @helper
// CHECK-SAME: (%{{.*}}: tensor<3xf64>) -> tensor<3xf64>
func.func private @helper(%x: tensor<3xf64>) -> tensor<3xf64> {
  return %x : tensor<3xf64>
}
