// RUN: cot-opt %s --differentiate | FileCheck %s
// Calls in reverse mode: a call with an active argument calls the callee's
// forward and reverse sweeps (generated once per pattern of active
// arguments); a call without one stays a plain call.
// CHECK-LABEL: func.func private @square.rev_0
// CHECK: gradient.tape_pop : f64
// CHECK-LABEL: func.func private @square.fwd_0
// CHECK: gradient.tape_push %arg0 : f64
// CHECK-LABEL: func.func private @f.rev_0_outermost
// CHECK: %[[D:.*]] = call @square.rev_0(%{{.*}}) : (f64) -> f64
// CHECK: return %[[D]]
// CHECK-LABEL: func.func private @f.fwd_0_outermost
// CHECK: call @square.fwd_0(%arg0)
// CHECK: call @square(%arg1)
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
func.func @df(%x: f64, %y: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %r:2 = gradient.reverse_call @f(%x, %y) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64, f64) -> (f64, f64)
  return %r#1 : f64
}
