// RUN: cot-opt %s --differentiate | FileCheck %s
// scf.while in forward mode: both regions carry the tangents of the values
// they carry; the condition forwards them.
// CHECK-LABEL: func.func private @f.tangent_0
// CHECK: %[[R:.*]]:2 = scf.while (%[[Y:.*]] = %arg0, %[[DY:.*]] = %arg1) : (f64, f64) -> (f64, f64)
// CHECK:   scf.condition(%{{.*}}) %[[Y]], %[[DY]] : f64, f64
// CHECK: ^bb0(%[[A:.*]]: f64, %[[DA:.*]]: f64):
// CHECK:   %[[SQ:.*]] = arith.mulf %[[A]], %[[A]]
// CHECK:   %[[T:.*]] = arith.addf
// CHECK:   scf.yield %[[SQ]], %[[T]] : f64, f64
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @f(%x: f64) -> f64 {
  %limit = arith.constant 10.0 : f64
  %r = scf.while (%y = %x) : (f64) -> f64 {
    %small = arith.cmpf olt, %y, %limit : f64
    scf.condition(%small) %y : f64
  } do {
  ^bb0(%y: f64):
    %d = arith.mulf %y, %y : f64
    scf.yield %d : f64
  }
  return %r : f64
}
func.func @df(%x: f64, %dx: f64) -> f64 {
  %r:2 = gradient.tangent_call @f(%x) shadows() seeds(%dx) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}
