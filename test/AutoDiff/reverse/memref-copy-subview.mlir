// RUN: cot-opt %s --differentiate | FileCheck %s
// A copy out of a view in reverse mode: the target's shadow is added into
// the same view of the source's shadow, then cleared. Nothing is saved.
// CHECK-LABEL: func.func private @f.rev_0_1_outermost
// CHECK-SAME: (%{{.*}}: memref<4xf64> {llvm.noalias}, %[[DM:.*]]: memref<4xf64> {llvm.noalias}, %[[DOUT:.*]]: memref<2xf64> {llvm.noalias})
// CHECK-NOT: gradient.tape_pop
// CHECK: %[[VIEW:.*]] = memref.subview %[[DM]][1] [2] [1]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to
// CHECK:   %[[G:.*]] = memref.load %[[DOUT]][%[[I]]]
// CHECK:   %[[S:.*]] = memref.load %[[VIEW]][%[[I]]]
// CHECK:   %[[SUM:.*]] = arith.addf %[[G]], %[[S]]
// CHECK:   memref.store %[[SUM]], %[[VIEW]][%[[I]]]
// CHECK: scf.for %[[J:.*]] = %{{.*}} to
// CHECK:   memref.store %{{.*}}, %[[DOUT]][%[[J]]]
// CHECK-LABEL: func.func private @f.fwd_0_1_outermost
// CHECK-NOT: gradient.tape_push
// CHECK: memref.copy
func.func @f(%m: memref<4xf64>, %out: memref<2xf64>) {
  %v = memref.subview %m[1] [2] [1] : memref<4xf64> to memref<2xf64, strided<[1], offset: 1>>
  memref.copy %v, %out : memref<2xf64, strided<[1], offset: 1>> to memref<2xf64>
  return
}
func.func @df(%m: memref<4xf64>, %dm: memref<4xf64>, %out: memref<2xf64>, %dout: memref<2xf64>) {
  gradient.reverse_call @f(%m, %out) shadows(%dm, %dout) seeds() {shadowed = array<i64: 0, 1>, active_scalars = array<i64>} : (memref<4xf64>, memref<2xf64>, memref<4xf64>, memref<2xf64>) -> ()
  return
}
