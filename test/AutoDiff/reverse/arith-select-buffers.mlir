// RUN: cot-opt %s --differentiate | FileCheck %s
// arith.select of buffers in reverse mode: the shadow of the selected buffer
// is the same select of the operands' shadows, with the saved condition.
// CHECK-LABEL: func.func private @f.rev_0_1_outermost
// CHECK-SAME: (%[[DA:.*]]: memref<2xf64> {llvm.noalias}, %[[DB:.*]]: memref<2xf64> {llvm.noalias}, %[[SEED:.*]]: f64)
// CHECK: %[[C:.*]] = gradient.tape_pop : i1
// CHECK: %[[SHADOW:.*]] = arith.select %[[C]], %[[DA]], %[[DB]] : memref<2xf64>
// CHECK: %[[OLD:.*]] = memref.load %[[SHADOW]]
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[SEED]]
// CHECK: memref.store %[[SUM]], %[[SHADOW]]
// CHECK-LABEL: func.func private @f.fwd_0_1_outermost
// CHECK: arith.select %arg2, %arg0, %arg1 : memref<2xf64>
// CHECK: gradient.tape_push %arg2 : i1
func.func @f(%a: memref<2xf64>, %b: memref<2xf64>, %c: i1) -> f64 {
  %c0 = arith.constant 0 : index
  %m = arith.select %c, %a, %b : memref<2xf64>
  %v = memref.load %m[%c0] : memref<2xf64>
  return %v : f64
}
func.func @df(%a: memref<2xf64>, %da: memref<2xf64>, %b: memref<2xf64>, %db: memref<2xf64>, %c: i1) {
  %one = arith.constant 1.0 : f64
  %r = gradient.reverse_call @f(%a, %b, %c) shadows(%da, %db) seeds(%one) {shadowed = array<i64: 0, 1>, active_scalars = array<i64>} : (memref<2xf64>, memref<2xf64>, i1, memref<2xf64>, memref<2xf64>, f64) -> f64
  return
}
