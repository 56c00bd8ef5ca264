// record-noalias-buffers + noalias-data-pointers: a buffer argument marked
// llvm.noalias keeps it through the lowering to the LLVM dialect, on its data
// pointer (the second field of its descriptor), whatever comes before it;
// other arguments and other functions get nothing.
// RUN: cot-opt %s --record-noalias-buffers | FileCheck %s --check-prefix=RECORD
// RUN: cot-opt %s --record-noalias-buffers --convert-to-llvm --noalias-data-pointers | FileCheck %s

// Positions: x 0; a (rank 2): allocated pointer 1, data pointer 2, offset,
// 2 sizes, 2 strides (3-7); b (rank 1): 8-12; c: 13, data pointer 14, 15-17.
// RECORD-LABEL: func.func private @sweep
// RECORD-SAME: cot.noalias_data_pointers = array<i64: 2, 14>
// CHECK-LABEL: llvm.func @sweep
// CHECK-SAME: (%arg0: f64, %arg1: !llvm.ptr, %arg2: !llvm.ptr {llvm.noalias}, %arg3: i64,
// CHECK-SAME: %arg8: !llvm.ptr, %arg9: !llvm.ptr, %arg10: i64,
// CHECK-SAME: %arg13: !llvm.ptr, %arg14: !llvm.ptr {llvm.noalias}, %arg15: i64
// CHECK-NOT: cot.noalias_data_pointers
func.func private @sweep(%x: f64, %a: memref<2x3xf64> {llvm.noalias},
                         %b: memref<4xf64>, %c: memref<4xf64> {llvm.noalias}) {
  %c0 = arith.constant 0 : index
  memref.store %x, %c[%c0] : memref<4xf64>
  return
}

// RECORD-LABEL: func.func @plain
// RECORD-NOT: cot.noalias_data_pointers
// CHECK-LABEL: llvm.func @plain
// CHECK-NOT: llvm.noalias
func.func @plain(%a: memref<4xf64>, %b: memref<4xf64>) {
  return
}
