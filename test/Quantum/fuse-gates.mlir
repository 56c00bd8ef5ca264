// fuse-gates: runs of gates on at most max-wires qubits (default 3) become
// one block in place of their last gate; other uses of a run's qubits and ops on the
// quantum state end runs.
// RUN: cot-opt %s --fuse-gates=max-wires=2 | FileCheck %s
// RUN: cot-opt %s --fuse-gates=max-wires=1 | FileCheck %s --check-prefix=ONE
// RUN: cot-opt %s --fuse-gates | FileCheck %s --check-prefix=THREE

// Rotations on two wires and a CNOT between them: one block; the CRX onto a
// third wire ends it (three wires) and starts a run with the rotation on the
// third wire.
// CHECK-LABEL: func.func @layer
// CHECK-SAME: (%[[T:.*]]: f64, %[[A:.*]]: !quantum.bit, %[[B:.*]]: !quantum.bit, %[[C:.*]]: !quantum.bit)
// CHECK: %[[AB:.*]]:2 = quantum.fused_gates(%[[T]], %[[T]]) %[[A]], %[[B]] {{.*}}gates = array<i64: 8, 0, 1, 0, 9, 0, 1, 1, 12, 0, 2, 0, 1>}
// CHECK: %[[BC:.*]]:2 = quantum.fused_gates(%[[T]], %[[T]]) %[[C]], %[[AB]]#1 {{.*}}gates = array<i64: 10, 1, 1, 0, 16, 0, 2, 1, 0>}
// CHECK-NOT: quantum.custom
// CHECK: return %[[AB]]#0, %[[BC]]#1, %[[BC]]#0
// ONE-LABEL: func.func @layer
// ONE-COUNT-5: quantum.custom
// ONE-NEXT: return
// THREE-LABEL: func.func @layer
// THREE: quantum.fused_gates(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {{.*}}gates = array<i64: 8, 0, 1, 0, 9, 0, 1, 1, 10, 1, 1, 2, 12, 0, 2, 0, 1, 16, 0, 2, 1, 2>
func.func @layer(%t: f64, %a: !quantum.bit, %b: !quantum.bit, %c: !quantum.bit)
    -> (!quantum.bit, !quantum.bit, !quantum.bit) {
  %a1 = quantum.custom "RX"(%t) %a : !quantum.bit
  %b1 = quantum.custom "RY"(%t) %b : !quantum.bit
  %c1 = quantum.custom "RZ"(%t) %c adj : !quantum.bit
  %a2, %b2 = quantum.custom "CNOT"() %a1, %b1 : !quantum.bit, !quantum.bit
  %b3, %c2 = quantum.custom "CRX"(%t) %b2, %c1 : !quantum.bit, !quantum.bit
  return %a2, %b3, %c2 : !quantum.bit, !quantum.bit, !quantum.bit
}

// A measurement ends every run: no gate moves across it. The observable's
// use of %a1 ends the run on %a, so the gates after it start new runs.
// CHECK-LABEL: func.func @measured
// CHECK: quantum.fused_gates
// CHECK: quantum.namedobs
// CHECK: quantum.expval
// CHECK: quantum.custom "RX"
// CHECK-NOT: fused_gates
// CHECK: return
func.func @measured(%t: f64, %a: !quantum.bit, %b: !quantum.bit) -> (f64, !quantum.bit) {
  %a0 = quantum.custom "Hadamard"() %a : !quantum.bit
  %a1 = quantum.custom "RX"(%t) %a0 : !quantum.bit
  %o = quantum.namedobs %a1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %b1 = quantum.custom "RX"(%t) %b : !quantum.bit
  return %e, %b1 : f64, !quantum.bit
}

// The adjoint method's recording begins between the two gates: they stay
// apart.
// CHECK-LABEL: func.func @recorded
// CHECK: quantum.custom "RX"
// CHECK-NEXT: quantum.adjoint_begin
// CHECK-NEXT: quantum.custom "RY"
func.func @recorded(%t: f64, %a: !quantum.bit) -> !quantum.bit {
  %a1 = quantum.custom "RX"(%t) %a : !quantum.bit
  quantum.adjoint_begin
  %a2 = quantum.custom "RY"(%t) %a1 : !quantum.bit
  return %a2 : !quantum.bit
}

// A qubit value used twice cannot vanish into a run: the run ends with it.
// CHECK-LABEL: func.func @shared
// CHECK: %[[R:.*]] = quantum.fused_gates
// CHECK: quantum.custom "RX"(%{{.*}}) %[[R]]
// CHECK: quantum.custom "RY"(%{{.*}}) %[[R]]
func.func @shared(%t: f64, %a: !quantum.bit) -> (!quantum.bit, !quantum.bit) {
  %a1 = quantum.custom "Hadamard"() %a : !quantum.bit
  %a2 = quantum.custom "S"() %a1 : !quantum.bit
  %x = quantum.custom "RX"(%t) %a2 : !quantum.bit
  %y = quantum.custom "RY"(%t) %a2 : !quantum.bit
  return %x, %y : !quantum.bit, !quantum.bit
}

// Runs stay within a block; gates on more wires than the limit are left
// alone and end the runs they touch.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for
// CHECK: quantum.fused_gates
// CHECK: scf.yield
// CHECK: quantum.custom "Toffoli"
// CHECK-NOT: fused_gates
// CHECK: return
func.func @loop(%t: f64, %a: !quantum.bit, %b: !quantum.bit, %c: !quantum.bit)
    -> (!quantum.bit, !quantum.bit, !quantum.bit) {
  %lo = arith.constant 0 : index
  %hi = arith.constant 4 : index
  %one = arith.constant 1 : index
  %r = scf.for %i = %lo to %hi step %one iter_args(%q = %a) -> !quantum.bit {
    %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
    %q2 = quantum.custom "RZ"(%t) %q1 : !quantum.bit
    scf.yield %q2 : !quantum.bit
  }
  %r1 = quantum.custom "PauliX"() %r : !quantum.bit
  %x:3 = quantum.custom "Toffoli"() %r1, %b, %c : !quantum.bit, !quantum.bit, !quantum.bit
  return %x#0, %x#1, %x#2 : !quantum.bit, !quantum.bit, !quantum.bit
}

// Two values that are statically the same qubit make no block (its verifier
// would refuse them); gate by gate they are legal.
// CHECK-LABEL: func.func @same_qubit
// CHECK-NOT: fused_gates
// CHECK: return
func.func @same_qubit(%t: f64, %r: !quantum.reg) -> (!quantum.bit, !quantum.bit) {
  %a = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RX"(%t) %a : !quantum.bit
  %b1 = quantum.custom "RY"(%t) %b : !quantum.bit
  return %a1, %b1 : !quantum.bit, !quantum.bit
}

// While the adjoint method records, it numbers gate parameters in the order
// the gates run: the RX on %b ends the run of the RX on %a, so that no block
// runs a later parameter before an earlier one.
// CHECK-LABEL: func.func @recorded_order
// CHECK: quantum.adjoint_begin
// CHECK-NEXT: quantum.custom "RX"(%{{.*}}) %arg1
// CHECK-NEXT: quantum.fused_gates(%{{.*}}) %arg2 {{.*}}gates = array<i64: 8, 0, 1, 0, 4, 0, 1, 0>}
func.func @recorded_order(%t: f64, %a: !quantum.bit, %b: !quantum.bit) -> (!quantum.bit, !quantum.bit) {
  quantum.adjoint_begin
  %a1 = quantum.custom "RX"(%t) %a : !quantum.bit
  %b1 = quantum.custom "RX"(%t) %b : !quantum.bit
  %b2 = quantum.custom "Hadamard"() %b1 : !quantum.bit
  return %a1, %b2 : !quantum.bit, !quantum.bit
}
