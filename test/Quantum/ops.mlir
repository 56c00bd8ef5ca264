// Every quantum op parses, verifies and prints back to the same text, in the
// custom and in the generic form.
// RUN: cot-opt %s | cot-opt | FileCheck %s
// RUN: cot-opt %s --mlir-print-op-generic | cot-opt | FileCheck %s

// CHECK-LABEL: func.func @registers
func.func @registers(%i: i64) -> !quantum.reg {
  // CHECK: %[[R:.*]] = quantum.alloc(3) : !quantum.reg
  %r = quantum.alloc(3) : !quantum.reg
  // CHECK: %[[A:.*]] = quantum.extract %[[R]][2] : !quantum.reg -> !quantum.bit
  %a = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  // CHECK: %[[B:.*]] = quantum.extract %[[R]][%{{.*}}] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  // CHECK: %[[R1:.*]] = quantum.insert %[[R]][2], %[[A]] : !quantum.reg, !quantum.bit
  %r1 = quantum.insert %r[2], %a : !quantum.reg, !quantum.bit
  // CHECK: quantum.insert %[[R1]][%{{.*}}], %[[B]] : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[%i], %b : !quantum.reg, !quantum.bit
  return %r2 : !quantum.reg
}

// CHECK-LABEL: func.func @gates
func.func @gates(%t: f64, %q0: !quantum.bit, %q1: !quantum.bit, %q2: !quantum.bit) {
  // CHECK: quantum.custom "Identity"() %{{.*}} : !quantum.bit
  %a0 = quantum.custom "Identity"() %q0 : !quantum.bit
  %a1 = quantum.custom "PauliX"() %a0 : !quantum.bit
  %a2 = quantum.custom "PauliY"() %a1 : !quantum.bit
  %a3 = quantum.custom "PauliZ"() %a2 : !quantum.bit
  %a4 = quantum.custom "Hadamard"() %a3 : !quantum.bit
  // CHECK: quantum.custom "S"() %{{.*}} adj : !quantum.bit
  %a5 = quantum.custom "S"() %a4 adj : !quantum.bit
  %a6 = quantum.custom "T"() %a5 : !quantum.bit
  %a7 = quantum.custom "PhaseShift"(%t) %a6 : !quantum.bit
  // CHECK: quantum.custom "RX"(%{{.*}}) %{{.*}} : !quantum.bit
  %a8 = quantum.custom "RX"(%t) %a7 : !quantum.bit
  %a9 = quantum.custom "RY"(%t) %a8 : !quantum.bit
  %a10 = quantum.custom "RZ"(%t) %a9 adj : !quantum.bit
  // CHECK: quantum.custom "Rot"(%{{.*}}, %{{.*}}, %{{.*}}) %{{.*}} : !quantum.bit
  %a11 = quantum.custom "Rot"(%t, %t, %t) %a10 : !quantum.bit
  // CHECK: quantum.custom "CNOT"() %{{.*}}, %{{.*}} : !quantum.bit, !quantum.bit
  %b0:2 = quantum.custom "CNOT"() %a11, %q1 : !quantum.bit, !quantum.bit
  %b1:2 = quantum.custom "CY"() %b0#0, %b0#1 : !quantum.bit, !quantum.bit
  %b2:2 = quantum.custom "CZ"() %b1#0, %b1#1 : !quantum.bit, !quantum.bit
  %b3:2 = quantum.custom "SWAP"() %b2#0, %b2#1 : !quantum.bit, !quantum.bit
  %b4:2 = quantum.custom "CRX"(%t) %b3#0, %b3#1 : !quantum.bit, !quantum.bit
  %b5:2 = quantum.custom "CRY"(%t) %b4#0, %b4#1 : !quantum.bit, !quantum.bit
  %b6:2 = quantum.custom "CRZ"(%t) %b5#0, %b5#1 : !quantum.bit, !quantum.bit
  %b7:2 = quantum.custom "CRot"(%t, %t, %t) %b6#0, %b6#1 adj : !quantum.bit, !quantum.bit
  %b8:2 = quantum.custom "ControlledPhaseShift"(%t) %b7#0, %b7#1 : !quantum.bit, !quantum.bit
  %b9:2 = quantum.custom "IsingXX"(%t) %b8#0, %b8#1 : !quantum.bit, !quantum.bit
  %b10:2 = quantum.custom "IsingYY"(%t) %b9#0, %b9#1 : !quantum.bit, !quantum.bit
  %b11:2 = quantum.custom "IsingZZ"(%t) %b10#0, %b10#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "MultiRZ"(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : !quantum.bit, !quantum.bit, !quantum.bit
  %c0:3 = quantum.custom "MultiRZ"(%t) %b11#0, %b11#1, %q2 : !quantum.bit, !quantum.bit, !quantum.bit
  %c1:3 = quantum.custom "Toffoli"() %c0#0, %c0#1, %c0#2 : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CSWAP"() %{{.*}}, %{{.*}}, %{{.*}} : !quantum.bit, !quantum.bit, !quantum.bit
  %c2:3 = quantum.custom "CSWAP"() %c1#0, %c1#1, %c1#2 : !quantum.bit, !quantum.bit, !quantum.bit
  return
}

// CHECK-LABEL: func.func @unitary
func.func @unitary(%m: tensor<4x4xcomplex<f64>>, %q0: !quantum.bit, %q1: !quantum.bit) -> (!quantum.bit, !quantum.bit) {
  // CHECK: quantum.unitary(%{{.*}} : tensor<4x4xcomplex<f64>>) %{{.*}}, %{{.*}} adj : !quantum.bit, !quantum.bit
  %q:2 = quantum.unitary(%m : tensor<4x4xcomplex<f64>>) %q0, %q1 adj : !quantum.bit, !quantum.bit
  return %q#0, %q#1 : !quantum.bit, !quantum.bit
}

// CHECK-LABEL: func.func @measurements
func.func @measurements(%c: tensor<2xf64>, %q0: !quantum.bit, %q1: !quantum.bit)
    -> (f64, f64, tensor<4xf64>, tensor<4xcomplex<f64>>, i1) {
  // CHECK: quantum.namedobs %{{.*}}[PauliZ] : !quantum.obs
  %z = quantum.namedobs %q0[PauliZ] : !quantum.obs
  // CHECK: quantum.namedobs %{{.*}}[Hadamard] : !quantum.obs
  %h = quantum.namedobs %q1[Hadamard] : !quantum.obs
  %x = quantum.namedobs %q1[PauliX] : !quantum.obs
  %y = quantum.namedobs %q1[PauliY] : !quantum.obs
  %i = quantum.namedobs %q1[Identity] : !quantum.obs
  // CHECK: quantum.tensor %{{.*}}, %{{.*}} : !quantum.obs
  %zx = quantum.tensor %z, %x : !quantum.obs
  // CHECK: quantum.hamiltonian(%{{.*}} : tensor<2xf64>) %{{.*}}, %{{.*}} : !quantum.obs
  %ham = quantum.hamiltonian(%c : tensor<2xf64>) %zx, %y : !quantum.obs
  // CHECK: quantum.expval %{{.*}} : f64
  %e = quantum.expval %ham : f64
  // CHECK: quantum.var %{{.*}} : f64
  %v = quantum.var %h : f64
  // CHECK: quantum.probs %{{.*}}, %{{.*}} : tensor<4xf64>
  %p = quantum.probs %q0, %q1 : tensor<4xf64>
  // CHECK: quantum.state %{{.*}}, %{{.*}} : tensor<4xcomplex<f64>>
  %s = quantum.state %q0, %q1 : tensor<4xcomplex<f64>>
  // CHECK: quantum.measure %{{.*}} : i1, !quantum.bit
  %m, %q2 = quantum.measure %q0 : i1, !quantum.bit
  return %e, %v, %p, %s, %m : f64, f64, tensor<4xf64>, tensor<4xcomplex<f64>>, i1
}

// The bufferized forms of the array operations.
// CHECK-LABEL: func.func @buffers
func.func @buffers(%c: memref<1xf64>, %m: memref<2x2xcomplex<f64>>, %p: memref<2xf64>, %s: memref<2xcomplex<f64>>, %q0: !quantum.bit) {
  // CHECK: quantum.hamiltonian(%{{.*}} : memref<1xf64>)
  %z = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %h = quantum.hamiltonian(%c : memref<1xf64>) %z : !quantum.obs
  // CHECK: quantum.unitary(%{{.*}} : memref<2x2xcomplex<f64>>)
  %q1 = quantum.unitary(%m : memref<2x2xcomplex<f64>>) %q0 : !quantum.bit
  // CHECK: quantum.probs %{{.*}} into(%{{.*}} : memref<2xf64>)
  quantum.probs %q1 into(%p : memref<2xf64>)
  // CHECK: quantum.state %{{.*}} into(%{{.*}} : memref<2xcomplex<f64>>)
  quantum.state %q1 into(%s : memref<2xcomplex<f64>>)
  // CHECK: quantum.dealloc
  %r = quantum.alloc(1) : !quantum.reg
  quantum.dealloc %r : !quantum.reg
  return
}

// The adjoint method's internal ops.
// CHECK-LABEL: func.func @adjoint_method
func.func @adjoint_method(%weights: memref<5xf64>, %out: memref<?xf64>) {
  // CHECK: quantum.adjoint_begin
  quantum.adjoint_begin
  // CHECK: %[[H:.*]] = quantum.adjoint_stash : i64
  %h = quantum.adjoint_stash : i64
  // CHECK: quantum.adjoint_resume %[[H]] weights(%{{.*}} : memref<5xf64>) into(%{{.*}} : memref<?xf64>)
  quantum.adjoint_resume %h weights(%weights : memref<5xf64>) into(%out : memref<?xf64>)
  return
}
