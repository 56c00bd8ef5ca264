// RUN: cot-opt %s --differentiate | FileCheck %s
// scf.for in reverse mode: the forward sweep pushes, per iteration, what the
// body's reverse reads (sin's operand) and, after the loop, the bounds the
// reversed loop needs; the reverse sweep runs the trip count backwards,
// recomputes the induction variable and carries the loop value's adjoint.
// CHECK-LABEL: func.func private @f.rev_0_outermost
// CHECK-SAME: (%[[SEED:.*]]: f64) -> f64
// CHECK: %[[N:.*]] = gradient.tape_pop : index
// CHECK: %[[COUNT:.*]] = arith.maxsi
// CHECK: %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[COUNT]] step %{{.*}} iter_args(%[[ADJ:.*]] = %[[SEED]]) -> (f64)
// CHECK:   arith.subi %[[COUNT]]
// CHECK:   %[[Y:.*]] = gradient.tape_pop : f64
// CHECK:   %[[COS:.*]] = math.cos %[[Y]]
// CHECK:   %[[NEXT:.*]] = arith.mulf %[[ADJ]], %[[COS]]
// CHECK:   scf.yield %[[NEXT]] : f64
// CHECK: return %[[R]] : f64
// CHECK-LABEL: func.func private @f.fwd_0_outermost
// CHECK: scf.for
// CHECK:   math.sin %[[IN:[^ ]*]]
// CHECK:   gradient.tape_push %[[IN]] : f64
// CHECK: gradient.tape_push %arg1 : index
func.func @f(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%y = %x) -> (f64) {
    %s = math.sin %y : f64
    scf.yield %s : f64
  }
  return %r : f64
}
func.func @df(%x: f64, %n: index) -> f64 {
  %one = arith.constant 1.0 : f64
  %r:2 = gradient.reverse_call @f(%x, %n) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, index, f64) -> (f64, f64)
  return %r#1 : f64
}
