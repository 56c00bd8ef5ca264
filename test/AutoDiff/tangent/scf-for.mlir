// RUN: cot-opt %s --differentiate | FileCheck %s
// scf.for in forward mode: the loop carries each active value's tangent as
// an extra loop value.
// CHECK-LABEL: func.func private @f.tangent_0
// CHECK-SAME: (%[[X:.*]]: f64, %[[N:.*]]: index, %[[DX:.*]]: f64) -> (f64, f64)
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[Y:.*]] = %[[X]], %[[DY:.*]] = %[[DX]]) -> (f64, f64)
// CHECK:   %[[S:.*]] = math.sin %[[Y]]
// CHECK:   %[[C:.*]] = math.cos %[[Y]]
// CHECK:   %[[T:.*]] = arith.mulf %[[DY]], %[[C]]
// CHECK:   scf.yield %[[S]], %[[T]] : f64, f64
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%y = %x) -> (f64) {
    %s = math.sin %y : f64
    scf.yield %s : f64
  }
  return %r : f64
}
func.func @df(%x: f64, %n: index, %dx: f64) -> f64 {
  %r:2 = gradient.tangent_call @f(%x, %n) shadows() seeds(%dx) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, index, f64) -> (f64, f64)
  return %r#1 : f64
}
