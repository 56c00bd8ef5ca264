// RUN: cot-opt %s --differentiate | FileCheck %s
// scf.if in forward mode: each branch yields its result's tangent too.
// CHECK-LABEL: func.func private @f.tangent_0
// CHECK: %[[R:.*]]:2 = scf.if %arg1 -> (f64, f64) {
// CHECK:   %[[S:.*]] = math.sin %arg0
// CHECK:   %[[T:.*]] = arith.mulf %arg2
// CHECK:   scf.yield %[[S]], %[[T]] : f64, f64
// CHECK: } else {
// CHECK:   %[[E:.*]] = math.exp %arg0
// CHECK:   %[[U:.*]] = arith.mulf %arg2, %[[E]]
// CHECK:   scf.yield %[[E]], %[[U]] : f64, f64
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @f(%x: f64, %c: i1) -> f64 {
  %r = scf.if %c -> (f64) {
    %s = math.sin %x : f64
    scf.yield %s : f64
  } else {
    %e = math.exp %x : f64
    scf.yield %e : f64
  }
  return %r : f64
}
func.func @df(%x: f64, %c: i1, %dx: f64) -> f64 {
  %r:2 = gradient.tangent_call @f(%x, %c) shadows() seeds(%dx) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, i1, f64) -> (f64, f64)
  return %r#1 : f64
}
