// The AD engine on buffers: generated forward and reverse sweeps and tangent
// functions for representative ops, loops and calls.
// RUN: cot-opt %s --split-input-file --differentiate | FileCheck %s

// A loop reading an active buffer that nothing writes: the forward sweep
// saves, per iteration, only the sine's operand (the loaded element is read
// again, the induction variable recomputed); the reverse sweep pops it in a
// loop running the trip count backwards, carries the adjoint of the loop
// value, accumulates x's adjoint as a loop value and adds into the buffer's
// shadow. The primal buffer leads the reverse sweep's arguments.
// CHECK-LABEL: func.func private @f.rev_0_1_outermost
// CHECK-SAME: (%[[M:[^:]*]]: memref<4xf64> {llvm.noalias}, %[[SHADOW:[^:]*]]: memref<4xf64> {llvm.noalias}, %[[SEED:[^:]*]]: f64) -> f64
// CHECK: %[[X:.*]] = gradient.tape_pop : f64
// CHECK: %[[N:.*]] = arith.maxsi
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ADJ:.*]] = %[[SEED]], %[[ACC:.*]] = %{{.*}})
// CHECK:   %[[LAST:.*]] = arith.subi %[[N]], %{{.*}}
// CHECK:   %[[REV:.*]] = arith.subi %[[LAST]], %[[K]]
// CHECK:   %[[I:.*]] = arith.addi
// CHECK:   %[[P:.*]] = gradient.tape_pop : f64
// CHECK:   math.cos %[[P]]
// CHECK:   memref.load %[[M]][%[[I]]]
// CHECK:   %[[OLD:.*]] = memref.load %[[SHADOW]][%[[I]]]
// CHECK:   memref.store %{{.*}}, %[[SHADOW]][%[[I]]]
// CHECK: return %[[LOOP]]#1 : f64
// CHECK-LABEL: func.func private @f.fwd_0_1_outermost
// CHECK: scf.for
// CHECK:   %[[V:.*]] = memref.load
// CHECK:   %[[PRODUCT:.*]] = arith.mulf %[[V]]
// CHECK:   gradient.tape_push %[[PRODUCT]] : f64
// CHECK: gradient.tape_push %arg0 : f64
// CHECK-LABEL: func.func @df
// CHECK: %[[VALUE:.*]] = call @f.fwd_0_1_outermost(%arg0, %arg1)
// CHECK: %[[GRAD:.*]] = call @f.rev_0_1_outermost(%arg1, %arg2, %{{.*}})
// CHECK: return %[[VALUE]], %[[GRAD]]
func.func @f(%x: f64, %m: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = memref.load %m[%i] : memref<4xf64>
    %p = arith.mulf %v, %x : f64
    %s = math.sin %p : f64
    %n = arith.addf %acc, %s : f64
    scf.yield %n : f64
  }
  return %r : f64
}
func.func @df(%x: f64, %m: memref<4xf64>, %dm: memref<4xf64>) -> (f64, f64) {
  %one = arith.constant 1.0 : f64
  %r:2 = gradient.reverse_call @f(%x, %m) shadows(%dm) seeds(%one) {shadowed = array<i64: 1>, active_scalars = array<i64: 0>} : (f64, memref<4xf64>, memref<4xf64>, f64) -> (f64, f64)
  return %r#0, %r#1 : f64, f64
}

// -----

// A store overwrites: its reverse moves the shadow element into the stored
// value's adjoint and clears it. Calls get their own derivative functions,
// generated once for the pattern of active arguments.
// CHECK-LABEL: func.func private @square.rev_0
// CHECK-LABEL: func.func private @square.fwd_0
// CHECK-LABEL: func.func private @g.rev_0_1_outermost
// CHECK: %[[S:.*]] = memref.load %arg0[%[[IDX:.*]]] : memref<2xf64>
// CHECK: memref.store %{{.*}}, %arg0[%[[IDX]]] : memref<2xf64>
// CHECK: call @square.rev_0(%[[S]])
// CHECK: call @square.rev_0
// CHECK-LABEL: func.func private @g.fwd_0_1_outermost
// CHECK: call @square.fwd_0
// CHECK: call @square.fwd_0
// CHECK-NOT: @square.fwd_0_
func.func private @square(%x: f64) -> f64 {
  %y = arith.mulf %x, %x : f64
  return %y : f64
}
func.func @g(%x: f64, %out: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = func.call @square(%x) : (f64) -> f64
  %b = func.call @square(%a) : (f64) -> f64
  memref.store %a, %out[%c0] : memref<2xf64>
  memref.store %b, %out[%c1] : memref<2xf64>
  return
}
func.func @dg(%x: f64, %out: memref<2xf64>, %dout: memref<2xf64>) -> f64 {
  %r = gradient.reverse_call @g(%x, %out) shadows(%dout) seeds() {shadowed = array<i64: 1>, active_scalars = array<i64: 0>} : (f64, memref<2xf64>, memref<2xf64>) -> f64
  return %r : f64
}

// -----

// Forward mode carries tangents as extra loop values and results.
// CHECK-LABEL: func.func private @h.tangent_0
// CHECK-SAME: (%[[X:.*]]: f64, %[[DX:.*]]: f64) -> (f64, f64)
// CHECK: scf.for {{.*}} iter_args(%[[Y:.*]] = %[[X]], %[[DY:.*]] = %[[DX]]) -> (f64, f64)
// CHECK:   %[[E:.*]] = math.exp %[[Y]]
// CHECK:   %[[T:.*]] = arith.mulf %[[DY]], %[[E]]
// CHECK:   scf.yield %[[E]], %[[T]]
// CHECK-LABEL: func.func @jh
// CHECK: call @h.tangent_0(%arg0, %arg1)
func.func @h(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%y = %x) -> (f64) {
    %e = math.exp %y : f64
    scf.yield %e : f64
  }
  return %r : f64
}
func.func @jh(%x: f64, %dx: f64) -> (f64, f64) {
  %r:2 = gradient.tangent_call @h(%x) shadows() seeds(%dx) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#0, %r#1 : f64, f64
}

