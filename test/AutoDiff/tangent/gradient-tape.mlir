// RUN: cot-opt %s --differentiate | FileCheck %s
// The derivative tape in forward mode (forward over reverse): a push saves
// the tangents of its floats beside them, the matching pop takes both back.
// CHECK-LABEL: func.func private @f.tangent_0
// CHECK: gradient.tape_push %arg0, %arg1 : f64, f64
// CHECK: %[[P:.*]]:2 = gradient.tape_pop : f64, f64
// CHECK: %[[V:.*]] = arith.mulf %[[P]]#0, %arg0
// CHECK: arith.mulf %[[P]]#1, %arg0
// CHECK: arith.mulf %arg1, %[[P]]#0
// CHECK: %[[T:.*]] = arith.addf
// CHECK: return %[[V]], %[[T]]
func.func @f(%x: f64) -> f64 {
  gradient.tape_push %x : f64
  %y = gradient.tape_pop : f64
  %r = arith.mulf %y, %x : f64
  return %r : f64
}
func.func @df(%x: f64, %dx: f64) -> f64 {
  %r:2 = gradient.tangent_call @f(%x) shadows() seeds(%dx) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}
