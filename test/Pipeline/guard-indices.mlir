// guard-indices: a test before every load and store of every index the
// range analysis cannot prove inside its dimension; none for loops over
// static shapes or constant indices in range.
// RUN: cot-opt %s --guard-indices | FileCheck %s

// CHECK-LABEL: func.func @dynamic_index
// CHECK: %[[SIZE:.*]] = memref.dim %arg0, %c0
// CHECK: %[[OUT:.*]] = arith.cmpi uge, %arg1, %[[SIZE]] : index
// CHECK: scf.if %[[OUT]] {
// CHECK: llvm.call @__cot_index_error
// CHECK: memref.load %arg0[%arg1]
func.func @dynamic_index(%b: memref<3xf64>, %i: index) -> f64 {
  %e = memref.load %b[%i] : memref<3xf64>
  return %e : f64
}

// Each index of a store is checked on its own (dimension 0, then 1).
// CHECK-LABEL: func.func @store
// CHECK-COUNT-2: llvm.call @__cot_index_error
// CHECK: memref.store
func.func @store(%b: memref<2x?xf64>, %i: index, %j: index, %v: f64) {
  memref.store %v, %b[%i, %j] : memref<2x?xf64>
  return
}

// CHECK-LABEL: func.func @static_loop
// CHECK-NOT: __cot_index_error
// CHECK: return
func.func @static_loop(%b: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> f64 {
    %e = memref.load %b[%i] : memref<4xf64>
    %n = arith.addf %a, %e : f64
    scf.yield %n : f64
  }
  %c3 = arith.constant 3 : index
  %last = memref.load %b[%c3] : memref<4xf64>
  %r = arith.addf %s, %last : f64
  return %r : f64
}

// A loop one past the end, and a constant index outside, are checked.
// CHECK-LABEL: func.func @past_the_end
// CHECK: scf.for
// CHECK: llvm.call @__cot_index_error
// CHECK: llvm.call @__cot_index_error
func.func @past_the_end(%b: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c5 step %c1 iter_args(%a = %z) -> f64 {
    %e = memref.load %b[%i] : memref<4xf64>
    %n = arith.addf %a, %e : f64
    scf.yield %n : f64
  }
  %c4 = arith.constant 4 : index
  %after = memref.load %b[%c4] : memref<4xf64>
  %r = arith.addf %s, %after : f64
  return %r : f64
}

// A subview with a dynamic offset gets one test per dimension whose slice is
// not proven inside; the static dimension in range gets none.
// CHECK-LABEL: func.func @dynamic_subview
// CHECK: %[[EXTENT:.*]] = memref.dim %arg0, %c0
// CHECK: arith.cmpi uge, %arg1, %[[EXTENT]]
// CHECK: llvm.call @__cot_slice_error
// CHECK-NOT: __cot_slice_error
// CHECK: memref.subview
func.func @dynamic_subview(%b: memref<4x3xf64>, %i: index) -> memref<2x2xf64, strided<[3, 1], offset: ?>> {
  %s = memref.subview %b[%i, 1] [2, 2] [1, 1] : memref<4x3xf64> to memref<2x2xf64, strided<[3, 1], offset: ?>>
  return %s : memref<2x2xf64, strided<[3, 1], offset: ?>>
}

// Windows of a loop that stay inside are proven; a dynamic size is tested.
// CHECK-LABEL: func.func @windows
// CHECK: scf.for
// CHECK-NOT: __cot_slice_error
// CHECK: memref.subview %arg0[%{{.*}}] [2] [1]
// CHECK: llvm.call @__cot_slice_error
// CHECK: memref.subview %arg0[0] [%arg1] [1]
func.func @windows(%b: memref<5xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> f64 {
    %w = memref.subview %b[%i] [2] [1] : memref<5xf64> to memref<2xf64, strided<[1], offset: ?>>
    %e = memref.load %w[%c1] : memref<2xf64, strided<[1], offset: ?>>
    %t = arith.addf %a, %e : f64
    scf.yield %t : f64
  }
  %head = memref.subview %b[0] [%n] [1] : memref<5xf64> to memref<?xf64, strided<[1]>>
  return %s : f64
}
