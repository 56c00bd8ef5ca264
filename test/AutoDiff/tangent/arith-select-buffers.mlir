// RUN: cot-opt %s --differentiate | FileCheck %s
// arith.select of buffers in forward mode: the tangent is the same select of
// the operands' tangents.
// CHECK-LABEL: func.func private @f.tangent_0_1
// CHECK-SAME: (%[[A:.*]]: memref<2xf64>, %[[B:.*]]: memref<2xf64>, %[[C:.*]]: i1, %[[DA:.*]]: memref<2xf64>, %[[DB:.*]]: memref<2xf64>)
// CHECK: %[[M:.*]] = arith.select %[[C]], %[[A]], %[[B]] : memref<2xf64>
// CHECK: %[[DM:.*]] = arith.select %[[C]], %[[DA]], %[[DB]] : memref<2xf64>
// CHECK: %[[V:.*]] = memref.load %[[M]]
// CHECK: %[[DV:.*]] = memref.load %[[DM]]
// CHECK: return %[[V]], %[[DV]]
func.func @f(%a: memref<2xf64>, %b: memref<2xf64>, %c: i1) -> f64 {
  %c0 = arith.constant 0 : index
  %m = arith.select %c, %a, %b : memref<2xf64>
  %v = memref.load %m[%c0] : memref<2xf64>
  return %v : f64
}
func.func @df(%a: memref<2xf64>, %da: memref<2xf64>, %b: memref<2xf64>, %db: memref<2xf64>, %c: i1) -> f64 {
  %r:2 = gradient.tangent_call @f(%a, %b, %c) shadows(%da, %db) seeds() {shadowed = array<i64: 0, 1>, active_scalars = array<i64>} : (memref<2xf64>, memref<2xf64>, i1, memref<2xf64>, memref<2xf64>) -> (f64, f64)
  return %r#1 : f64
}
