// RUN: cot-opt %s --differentiate | FileCheck %s
// A view and a copy in forward mode: the tangent of a view is the same view
// of the tangent buffer; the copy is mirrored.
// CHECK-LABEL: func.func private @f.tangent_0_1
// CHECK-SAME: (%[[M:.*]]: memref<4xf64>, %[[OUT:.*]]: memref<2xf64>, %[[DM:.*]]: memref<4xf64>, %[[DOUT:.*]]: memref<2xf64>)
// CHECK: %[[V:.*]] = memref.subview %[[M]][1] [2] [1]
// CHECK: %[[DV:.*]] = memref.subview %[[DM]][1] [2] [1]
// CHECK: memref.copy %[[V]], %[[OUT]]
// CHECK: memref.copy %[[DV]], %[[DOUT]]
func.func @f(%m: memref<4xf64>, %out: memref<2xf64>) {
  %v = memref.subview %m[1] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 1>>
  memref.copy %v, %out : memref<2xf64, strided<[1], offset: 1>> to memref<2xf64>
  return
}
func.func @df(%m: memref<4xf64>, %dm: memref<4xf64>, %out: memref<2xf64>, %dout: memref<2xf64>) {
  gradient.tangent_call @f(%m, %out) shadows(%dm, %dout) seeds() {shadowed = array<i64: 0, 1>, active_scalars = array<i64>} : (memref<4xf64>, memref<2xf64>, memref<4xf64>, memref<2xf64>) -> ()
  return
}
