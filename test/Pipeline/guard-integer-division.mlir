// guard-integer-division: every integer division and remainder is preceded
// by a test that ends the call with a located run-time error; constant
// divisors that are zero (or -1 under a constant smallest dividend) are
// compile errors.
// RUN: cot-opt %s --split-input-file --guard-integer-division | FileCheck %s

// CHECK-LABEL: func.func @signed
// CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[B:.*]], %{{.*}} : i64
// CHECK: scf.if %[[ZERO]] {
// CHECK:   llvm.call @__cot_arithmetic_error(%{{.*}}, %{{.*}}) : (i64, !llvm.ptr) -> ()
// CHECK: %[[MINUS:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i64
// CHECK: %[[SMALLEST:.*]] = arith.cmpi eq, %[[A:.*]], %{{.*}} : i64
// CHECK: %[[BOTH:.*]] = arith.andi %[[MINUS]], %[[SMALLEST]] : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK:   llvm.call @__cot_arithmetic_error
// CHECK: arith.divsi %[[A]], %[[B]] : i64
func.func @signed(%a: i64, %b: i64) -> i64 {
  %q = arith.divsi %a, %b : i64
  return %q : i64
}

// Unsigned ops test the divisor only; index operands are checked too.
// CHECK-LABEL: func.func @unsigned
// CHECK: arith.cmpi eq
// CHECK: scf.if
// CHECK-NOT: arith.andi
// CHECK: arith.remui
func.func @unsigned(%a: index, %b: index) -> index {
  %r = arith.remui %a, %b : index
  return %r : index
}

