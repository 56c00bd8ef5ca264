// RUN: cot-opt %s --differentiate | FileCheck %s
// scf.if in reverse mode: the condition is saved with the segment; the
// reverse sweep reverses the branch that ran, each branch popping what it
// pushed.
// CHECK-LABEL: func.func private @f.rev_0_outermost
// CHECK: %[[SAVED:.*]]:2 = gradient.tape_pop : i1, f64
// CHECK: %[[R:.*]] = scf.if %[[SAVED]]#0 -> (f64) {
// CHECK:   math.cos %[[SAVED]]#1
// CHECK: } else {
// CHECK:   %[[E:.*]] = gradient.tape_pop : f64
// CHECK:   arith.mulf %arg0, %[[E]]
// CHECK: return %[[R]]
// CHECK-LABEL: func.func private @f.fwd_0_outermost
// CHECK: scf.if %arg1
// CHECK: } else {
// CHECK:   %[[EXP:.*]] = math.exp
// CHECK:   gradient.tape_push %[[EXP]] : f64
// CHECK: gradient.tape_push %arg1, %arg0 : i1, f64
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
func.func @df(%x: f64, %c: i1) -> f64 {
  %one = arith.constant 1.0 : f64
  %r:2 = gradient.reverse_call @f(%x, %c) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, i1, f64) -> (f64, f64)
  return %r#1 : f64
}
