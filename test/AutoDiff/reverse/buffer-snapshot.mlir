// RUN: cot-opt %s --differentiate | FileCheck %s
// Buffer snapshots: each step of x <- tanh(A x) reads x[j] once per row (16
// loads of a 4-element buffer) and writes only a new buffer, so the forward
// sweep saves x whole after the row loop, instead of each loaded value, and
// the reverse sweep pops it into a new buffer that the reversed loop loads
// from. @g writes the buffer it reads: its loads are saved one by one.
// CHECK-LABEL: func.func private @f.rev_0_1_outermost
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     %[[V:.*]] = gradient.tape_pop : f64
// CHECK-NEXT: memref.store %[[V]], %[[COPY:alloc[_0-9]*]][%{{.*}}] : memref<4xf64>
// CHECK:   scf.for
// CHECK:     gradient.tape_pop : f64
// CHECK:     scf.for
// CHECK-NOT:   gradient.tape_pop
// CHECK:       memref.load %[[COPY]]
// CHECK-LABEL: func.func private @f.fwd_0_1_outermost
// CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %arg1)
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK-NOT:   gradient.tape_push
// CHECK:       scf.yield
// CHECK:     math.tanh
// CHECK:     gradient.tape_push
// CHECK:   scf.for
// CHECK:     %[[E:.*]] = memref.load %[[X]]
// CHECK:     gradient.tape_push %[[E]] : f64
// CHECK-LABEL: func.func private @g.fwd_0_outermost
// CHECK: scf.for
// CHECK:   memref.store
// CHECK-NEXT: gradient.tape_push {{.*}} : f64, f64, f64
// CHECK-NOT: gradient.tape_push
// CHECK: return
func.func @f(%a: memref<4x4xf64>, %x0: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %xs = scf.for %s = %c0 to %c3 step %c1 iter_args(%x = %x0) -> (memref<4xf64>) {
    %y = memref.alloc() : memref<4xf64>
    scf.for %i = %c0 to %c4 step %c1 {
      %dot = scf.for %j = %c0 to %c4 step %c1 iter_args(%d = %zero) -> (f64) {
        %aij = memref.load %a[%i, %j] : memref<4x4xf64>
        %xj = memref.load %x[%j] : memref<4xf64>
        %p = arith.mulf %aij, %xj : f64
        %dn = arith.addf %d, %p : f64
        scf.yield %dn : f64
      }
      %t = math.tanh %dot : f64
      memref.store %t, %y[%i] : memref<4xf64>
    }
    scf.yield %y : memref<4xf64>
  }
  %r = memref.load %xs[%c0] : memref<4xf64>
  return %r : f64
}
func.func @df(%a: memref<4x4xf64>, %da: memref<4x4xf64>, %x: memref<4xf64>, %dx: memref<4xf64>) {
  %one = arith.constant 1.0 : f64
  gradient.reverse_call @f(%a, %x) shadows(%da, %dx) seeds(%one) {shadowed = array<i64: 0, 1>, active_scalars = array<i64>} : (memref<4x4xf64>, memref<4xf64>, memref<4x4xf64>, memref<4xf64>, f64) -> (f64)
  return
}
// x[i] <- sin(x[i] x[0]) for i = 1..3, then x[0]: the loop writes x.
func.func @g(%x: memref<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c1 to %c4 step %c1 {
    %xi = memref.load %x[%i] : memref<4xf64>
    %x0 = memref.load %x[%c0] : memref<4xf64>
    %p = arith.mulf %xi, %x0 : f64
    %s = math.sin %p : f64
    memref.store %s, %x[%i] : memref<4xf64>
  }
  %r = memref.load %x[%c1] : memref<4xf64>
  return %r : f64
}
func.func @dg(%x: memref<4xf64>, %dx: memref<4xf64>) {
  %one = arith.constant 1.0 : f64
  gradient.reverse_call @g(%x) shadows(%dx) seeds(%one) {shadowed = array<i64: 0>, active_scalars = array<i64>} : (memref<4xf64>, memref<4xf64>, f64) -> (f64)
  return
}
