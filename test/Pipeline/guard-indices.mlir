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
