// RUN: cot-opt %s --differentiate | FileCheck %s
// Loads and stores in forward mode: every access is mirrored on the
// tangent buffer.
// CHECK-LABEL: func.func private @f.tangent_0_1
// CHECK-SAME: (%[[M:.*]]: memref<2xf64>, %[[X:.*]]: f64, %[[DM:.*]]: memref<2xf64>, %[[DX:.*]]: f64) -> (f64, f64)
// CHECK: memref.store %[[X]], %[[M]][%[[C1:.*]]]
// CHECK: memref.store %[[DX]], %[[DM]][%[[C1]]]
// CHECK: %[[A:.*]] = memref.load %[[M]][%[[C0:.*]]]
// CHECK: %[[DA:.*]] = memref.load %[[DM]][%[[C0]]]
// CHECK: %[[B:.*]] = memref.load %[[M]][%[[C1]]]
// CHECK: %[[DB:.*]] = memref.load %[[DM]][%[[C1]]]
// CHECK: %[[P:.*]] = arith.mulf %[[A]], %[[B]]
// CHECK: arith.mulf %[[DA]], %[[B]]
// CHECK: arith.mulf %[[DB]], %[[A]]
// CHECK: %[[T:.*]] = arith.addf
// CHECK: return %[[P]], %[[T]]
func.func @f(%m: memref<2xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %x, %m[%c1] : memref<2xf64>
  %a = memref.load %m[%c0] : memref<2xf64>
  %b = memref.load %m[%c1] : memref<2xf64>
  %p = arith.mulf %a, %b : f64
  return %p : f64
}
func.func @df(%m: memref<2xf64>, %dm: memref<2xf64>, %x: f64, %dx: f64) -> f64 {
  %r:2 = gradient.tangent_call @f(%m, %x) shadows(%dm) seeds(%dx) {shadowed = array<i64: 0>, active_scalars = array<i64: 1>} : (memref<2xf64>, f64, memref<2xf64>, f64) -> (f64, f64)
  return %r#1 : f64
}
