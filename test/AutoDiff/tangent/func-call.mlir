// RUN: cot-opt %s --differentiate | FileCheck %s
// Calls in forward mode: a call with an active argument calls the callee's
// tangent function; a call without one stays a plain call.
// CHECK-LABEL: func.func private @square.tangent_0
// CHECK-SAME: (%{{.*}}: f64, %{{.*}}: f64) -> (f64, f64)
// CHECK-LABEL: func.func private @f.tangent_0
// CHECK: %[[T:.*]]:2 = call @square.tangent_0(%arg0, %arg2)
// CHECK: call @square(%arg1)
// CHECK: arith.mulf %[[T]]#1
func.func private @square(%x: f64) -> f64 {
  %y = arith.mulf %x, %x : f64
  return %y : f64
}
func.func @f(%x: f64, %y: f64) -> f64 {
  %a = func.call @square(%x) : (f64) -> f64
  %b = func.call @square(%y) : (f64) -> f64
  %s = arith.addf %a, %b : f64
  return %s : f64
}
func.func @df(%x: f64, %y: f64, %dx: f64) -> f64 {
  %r:2 = gradient.tangent_call @f(%x, %y) shadows() seeds(%dx) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64, f64) -> (f64, f64)
  return %r#1 : f64
}
