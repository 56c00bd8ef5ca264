// guard-allocations: every dynamic extent of an allocation is tested for
// being negative, and the running byte count for passing 2^63; static
// shapes get no test. Dynamic and large static allocations tell the
// runtime their location first (for an out-of-memory error); small static
// ones do not.
// RUN: cot-opt %s --guard-allocations --split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @dynamic
// CHECK: arith.cmpi slt, %arg0, %c0
// CHECK: llvm.call @__cot_buffer_size_error
// CHECK: arith.mului_extended %c24, %arg0
// CHECK: llvm.call @__cot_buffer_size_error
// CHECK: arith.cmpi slt, %arg1, %c0
// CHECK: llvm.call @__cot_buffer_size_error
// CHECK: arith.mului_extended
// CHECK: llvm.call @__cot_buffer_size_error
// CHECK: llvm.call @__cot_allocation_site
// CHECK-NEXT: memref.alloc(%arg0, %arg1) : memref<?x3x?xf64>
func.func @dynamic(%n: index, %m: index) -> memref<?x3x?xf64> {
  %b = memref.alloc(%n, %m) : memref<?x3x?xf64>
  return %b : memref<?x3x?xf64>
}

// CHECK-LABEL: func.func @static
// CHECK-NOT: __cot_
// CHECK: memref.alloc() : memref<4x4xcomplex<f64>>
func.func @static() -> memref<4x4xcomplex<f64>> {
  %b = memref.alloc() : memref<4x4xcomplex<f64>>
  return %b : memref<4x4xcomplex<f64>>
}

// 1 MiB and more: located.
// CHECK-LABEL: func.func @large
// CHECK-NOT: __cot_buffer_size_error
// CHECK: llvm.call @__cot_allocation_site
// CHECK-NEXT: memref.alloc() : memref<512x256xf64>
func.func @large() -> memref<512x256xf64> {
  %b = memref.alloc() : memref<512x256xf64>
  return %b : memref<512x256xf64>
}

// -----

func.func @too_large() -> memref<2305843009213693952x2xf64> {
  // expected-error @+1 {{a buffer of type 'memref<2305843009213693952x2xf64>' needs more than 2^63 bytes}}
  %b = memref.alloc() : memref<2305843009213693952x2xf64>
  return %b : memref<2305843009213693952x2xf64>
}
