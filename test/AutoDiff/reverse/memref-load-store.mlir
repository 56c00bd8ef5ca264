// RUN: cot-opt %s --differentiate | FileCheck %s
// Loads and stores in reverse mode: a load adds its value's adjoint into the
// shadow element; a store moves the shadow element into the stored value's
// adjoint and clears it. The buffer is written, so the loaded values are
// saved (not re-read).
// CHECK-LABEL: func.func private @f.rev_0_1_outermost
// CHECK-SAME: (%[[SHADOW:.*]]: memref<2xf64> {llvm.noalias}, %[[SEED:.*]]: f64) -> f64
// CHECK: %[[V:.*]]:2 = gradient.tape_pop : f64, f64
// CHECK: %[[DA:.*]] = arith.mulf %[[SEED]], %[[V]]#1
// CHECK: %[[DB:.*]] = arith.mulf %[[SEED]], %[[V]]#0
// CHECK: %[[OLD1:.*]] = memref.load %[[SHADOW]][%[[C1:.*]]]
// CHECK: %[[SUM1:.*]] = arith.addf %[[OLD1]], %[[DB]]
// CHECK: memref.store %[[SUM1]], %[[SHADOW]][%[[C1]]]
// CHECK: %[[OLD0:.*]] = memref.load %[[SHADOW]][%[[C0:.*]]]
// CHECK: %[[SUM0:.*]] = arith.addf %[[OLD0]], %[[DA]]
// CHECK: memref.store %[[SUM0]], %[[SHADOW]][%[[C0]]]
// CHECK: %[[DX:.*]] = memref.load %[[SHADOW]][%[[C1B:.*]]]
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: memref.store %[[ZERO]], %[[SHADOW]][%[[C1B]]]
// CHECK: return %[[DX]] : f64
// CHECK-LABEL: func.func private @f.fwd_0_1_outermost
// CHECK: %[[A:.*]] = memref.load
// CHECK: %[[B:.*]] = memref.load
// CHECK: gradient.tape_push %[[A]], %[[B]] : f64, f64
func.func @f(%m: memref<2xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %x, %m[%c1] : memref<2xf64>
  %a = memref.load %m[%c0] : memref<2xf64>
  %b = memref.load %m[%c1] : memref<2xf64>
  %p = arith.mulf %a, %b : f64
  return %p : f64
}
func.func @df(%m: memref<2xf64>, %dm: memref<2xf64>, %x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %r:2 = gradient.reverse_call @f(%m, %x) shadows(%dm) seeds(%one) {shadowed = array<i64: 0>, active_scalars = array<i64: 1>} : (memref<2xf64>, f64, memref<2xf64>, f64) -> (f64, f64)
  return %r#1 : f64
}
