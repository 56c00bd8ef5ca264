// RUN: cot-opt %s --differentiate | FileCheck %s
// scf.while in reverse mode: the forward sweep counts the body's iterations
// (an extra loop value, pushed after the loop); the reverse sweep runs the
// regions backwards that many times.
// CHECK-LABEL: func.func private @f.rev_0_outermost
// CHECK: %[[COUNT:.*]] = gradient.tape_pop : i64
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[COUNT]] step %{{.*}} iter_args(%[[ADJ:.*]] = %arg0) -> (f64) : i64
// CHECK:   %[[Y:.*]] = gradient.tape_pop : f64
// CHECK:   arith.mulf %[[ADJ]], %[[Y]]
// CHECK: return %[[R]]
// CHECK-LABEL: func.func private @f.fwd_0_outermost
// CHECK: %[[LOOP:.*]]:2 = scf.while (%{{.*}} = %arg0, %{{.*}} = %{{.*}}) : (f64, i64) -> (f64, i64)
// CHECK: ^bb0(%[[Y:.*]]: f64, %[[I:.*]]: i64):
// CHECK:   arith.addi %[[I]]
// CHECK:   gradient.tape_push %[[Y]] : f64
// CHECK: gradient.tape_push %[[LOOP]]#1 : i64
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
func.func @df(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %r:2 = gradient.reverse_call @f(%x) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}
