// batch-calls-in-reductions: a loop whose carried floating-point values are
// updated by pure arithmetic, next to a math-library call that does not
// depend on them, is unrolled four times with a remainder loop, and every
// op off the carried chain moves above the chain, which keeps its order.
// RUN: cot-opt %s --pass-pipeline='builtin.module(func.func(batch-calls-in-reductions))' | FileCheck %s
// RUN: cot-opt %s --pass-pipeline='builtin.module(func.func(batch-calls-in-reductions{factor=2}))' | FileCheck %s --check-prefix=TWO

// s += exp(x[i] - m) over 10 elements: a main loop of step 4 to 8 with the
// four loads and exps first and the four additions after them, in order,
// then a remainder loop over the last two.
// CHECK-LABEL: func.func @sum_exp
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f64) {
// CHECK: %[[E0:.*]] = math.exp
// CHECK: %[[E1:.*]] = math.exp
// CHECK: %[[E2:.*]] = math.exp
// CHECK: %[[E3:.*]] = math.exp
// CHECK-NEXT: %[[A0:.*]] = arith.addf %[[S]], %[[E0]]
// CHECK-NEXT: %[[A1:.*]] = arith.addf %[[A0]], %[[E1]]
// CHECK-NEXT: %[[A2:.*]] = arith.addf %[[A1]], %[[E2]]
// CHECK-NEXT: %[[A3:.*]] = arith.addf %[[A2]], %[[E3]]
// CHECK-NEXT: scf.yield %[[A3]]
// CHECK: scf.for
// CHECK: math.exp
// CHECK-NEXT: arith.addf
// CHECK-NEXT: scf.yield
// Two by two, 10 iterations need no remainder loop.
// TWO-LABEL: func.func @sum_exp
// TWO: math.exp
// TWO: math.exp
// TWO-NEXT: arith.addf
// TWO-NEXT: arith.addf
// TWO-NEXT: scf.yield
// TWO-NOT: scf.for
// TWO: return
func.func @sum_exp(%x: memref<10xf64>, %m: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<10xf64>
    %d = arith.subf %xi, %m : f64
    %e = math.exp %d : f64
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  return %s : f64
}

// A dynamic trip count is unrolled too; a store off the chain keeps its
// place among the other memory operations.
// CHECK-LABEL: func.func @dynamic_with_store
// CHECK: scf.for {{.*}} iter_args
// CHECK-COUNT-4: memref.store
// CHECK-COUNT-4: arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: scf.yield
// CHECK: scf.for
func.func @dynamic_with_store(%x: memref<?xf64>, %y: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %one = arith.constant 1.0 : f64
  %p = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (f64) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %t = math.tanh %xi : f64
    memref.store %t, %y[%i] : memref<?xf64>
    %q = arith.mulf %acc, %t : f64
    scf.yield %q : f64
  }
  return %p : f64
}

// Left alone: the call is on the chain (x = sin(x) + c), the chain stores
// (a memory effect that must stay among the loads), the carried value is an
// integer (kept in a register across calls anyway), there is no call, the
// loop holds a loop, or the trip count is below four.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: step %c4
// CHECK: return
func.func @left_alone(%x: memref<16xf64>, %out: memref<f64>, %k: memref<16xi64>) -> (f64, f64, i64, f64, f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f64
  %izero = arith.constant 0 : i64
  %on_chain = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<16xf64>
    %s = math.sin %acc : f64
    %a = arith.addf %s, %xi : f64
    scf.yield %a : f64
  }
  %stores = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<16xf64>
    %e = math.exp %xi : f64
    %a = arith.addf %acc, %e : f64
    memref.store %a, %out[] : memref<f64>
    scf.yield %a : f64
  }
  %integer = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %izero) -> (i64) {
    %xi = memref.load %x[%i] : memref<16xf64>
    %e = math.exp %xi : f64
    memref.store %e, %x[%i] : memref<16xf64>
    %ki = memref.load %k[%i] : memref<16xi64>
    %a = arith.addi %acc, %ki : i64
    scf.yield %a : i64
  }
  %no_call = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<16xf64>
    %r = math.sqrt %xi : f64
    %a = arith.addf %acc, %r : f64
    scf.yield %a : f64
  }
  %nest = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<16xf64>
    %e = math.exp %xi : f64
    scf.for %j = %c0 to %c3 step %c1 {
      memref.store %e, %x[%j] : memref<16xf64>
    }
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  %short = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<16xf64>
    %e = math.exp %xi : f64
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  return %on_chain, %stores, %integer, %no_call, %nest, %short : f64, f64, i64, f64, f64, f64
}
