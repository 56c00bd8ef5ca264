// hoist-invariant-loads: a load whose buffer and indices come from outside a
// loop that runs at least once, and whose buffer nothing in the loop may
// write, moves out of the loop (out of every such loop of a nest).
// RUN: cot-opt %s --pass-pipeline='builtin.module(func.func(hoist-invariant-loads))' | FileCheck %s

// A[i][k] of c[i][j] += a[i][k] * b[k][j] leaves the j loop; b[k][j] stays.
// CHECK-LABEL: func.func @matmul_row
// CHECK: scf.for %[[K:.*]] =
// CHECK-NEXT: %[[A:.*]] = memref.load %arg0[%{{.*}}, %[[K]]]
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: memref.load %arg1[%[[K]], %[[J]]]
func.func @matmul_row(%a: memref<4x3xf64>, %b: memref<3x5xf64>, %i: index) -> memref<4x5xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c = memref.alloc() : memref<4x5xf64>
  scf.for %k = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c5 step %c1 {
      %x = memref.load %a[%i, %k] : memref<4x3xf64>
      %y = memref.load %b[%k, %j] : memref<3x5xf64>
      %z = memref.load %c[%i, %j] : memref<4x5xf64>
      %p = arith.mulf %x, %y : f64
      %s = arith.addf %z, %p : f64
      memref.store %s, %c[%i, %j] : memref<4x5xf64>
    }
  }
  return %c : memref<4x5xf64>
}

// An invariant load from a nest that writes nothing leaves both loops.
// CHECK-LABEL: func.func @whole_nest
// CHECK-NEXT: arith.constant
// CHECK: memref.load %arg0[%arg1]
// CHECK-NEXT: scf.for
func.func @whole_nest(%a: memref<4xf64>, %i: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for %u = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %s = scf.for %v = %c0 to %c4 step %c1 iter_args(%in = %acc) -> (f64) {
      %x = memref.load %a[%i] : memref<4xf64>
      %n = arith.addf %in, %x : f64
      scf.yield %n : f64
    }
    scf.yield %s : f64
  }
  return %r : f64
}

// Stays: the loop writes the same buffer; another argument may be the same
// buffer; a call may write anything; a loop that may not run.
// CHECK-LABEL: func.func @stays
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0[%arg2]
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0[%arg2]
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0[%arg2]
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg0[%arg2]
func.func private @opaque(memref<4xf64>)
func.func @stays(%a: memref<4xf64>, %b: memref<4xf64>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %u = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf64>
    memref.store %x, %a[%u] : memref<4xf64>
  }
  scf.for %u = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf64>
    memref.store %x, %b[%u] : memref<4xf64>
  }
  scf.for %u = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf64>
    func.call @opaque(%b) : (memref<4xf64>) -> ()
  }
  scf.for %u = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<4xf64>
    memref.store %x, %b[%u] : memref<4xf64>
  }
  return
}

// Stays: a successor block's argument may be the function's own allocation
// (here it is %a's copy or %a itself), so a store to it may write what the
// load reads.
// CHECK-LABEL: func.func @block_argument
// CHECK: scf.for
// CHECK-NEXT: memref.load %[[ALLOC:.*]][%c0]
func.func @block_argument(%flag: i1) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %a = memref.alloc() : memref<4xf64>
  %b = memref.alloc() : memref<4xf64>
  cf.cond_br %flag, ^merge(%a : memref<4xf64>), ^merge(%b : memref<4xf64>)
^merge(%x: memref<4xf64>):
  %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = memref.load %a[%c0] : memref<4xf64>
    memref.store %v, %x[%j] : memref<4xf64>
    %n = arith.addf %acc, %v : f64
    scf.yield %n : f64
  }
  return %r : f64
}

// Stays: compared as unsigned, -1 to 4 runs no iteration.
// CHECK-LABEL: func.func @unsigned_bounds
// CHECK: scf.for unsigned
// CHECK-NEXT: memref.load %arg0[%arg1]
func.func @unsigned_bounds(%a: memref<4xf64>, %i: index) -> f64 {
  %lb = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %r = scf.for unsigned %u = %lb to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %x = memref.load %a[%i] : memref<4xf64>
    %n = arith.addf %acc, %x : f64
    scf.yield %n : f64
  }
  return %r : f64
}
