// Lowering of bufferized quantum ops to calls of the runtime's C ABI: handles
// are i64, arrays of parameters and qubits live in entry-block allocas, and
// every call passes its source location.
// RUN: cot-opt %s --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s
// RUN: cot-opt %s --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=GLOBALS

// CHECK-DAG: llvm.func @__cot_alloc(i64, !llvm.ptr) -> i64
// CHECK-DAG: llvm.func @__cot_extract(i64, i64, !llvm.ptr) -> i64
// CHECK-DAG: llvm.func @__cot_gate(i64, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr)
// The RX gate below passes its own location.
// CHECK-DAG: llvm.mlir.global internal constant @[[WHERE:__cot_where_[0-9A-F]+]]("{{.*}}lower-to-llvm.mlir:33:9\00")

// CHECK-LABEL: llvm.func @circuit
// CHECK-SAME: (%[[T:.*]]: f64, %[[I:.*]]: i64)
// The two allocas are hoisted to the entry block.
// CHECK: %[[QUBITS:.*]] = llvm.alloca %{{.*}} x i64
// CHECK: %[[PARAMS:.*]] = llvm.alloca %{{.*}} x f64
// CHECK: %[[N:.*]] = llvm.mlir.constant(2 : i64)
// CHECK: %[[R:.*]] = llvm.call @__cot_alloc(%[[N]], %{{.*}})
func.func @circuit(%t: f64, %i: i64) -> f64 {
  %r = quantum.alloc(2) : !quantum.reg
  // CHECK: %[[Q0:.*]] = llvm.call @__cot_extract(%[[R]], %[[I]], %{{.*}})
  %q0 = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  cf.br ^loop
^loop:
  // RX is gate 8 of the runtime's table; adjoint flag 1.
  // CHECK: %[[KIND:.*]] = llvm.mlir.constant(8 : i64)
  // CHECK: %[[ADJ:.*]] = llvm.mlir.constant(1 : i64)
  // CHECK: llvm.store %[[T]], %{{.*}} : f64, !llvm.ptr
  // CHECK: llvm.store %[[Q0]], %{{.*}} : i64, !llvm.ptr
  // CHECK: %[[WHERE_PTR:.*]] = llvm.mlir.addressof @[[WHERE]]
  // CHECK: llvm.call @__cot_gate(%[[KIND]], %[[ADJ]], %[[PARAMS]], %[[QUBITS]], %{{.*}}, %[[WHERE_PTR]])
  %q1 = quantum.custom "RX"(%t) %q0 adj : !quantum.bit
  // PauliZ is observable 3.
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(3 : i64)
  // CHECK: %[[OBS:.*]] = llvm.call @__cot_named_obs(%[[Z]], %[[Q0]], %{{.*}})
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  // CHECK: llvm.call @__cot_expval(%[[OBS]], %{{.*}}) : (i64, !llvm.ptr) -> f64
  %e = quantum.expval %z : f64
  // CHECK: llvm.call @__cot_var(%[[OBS]], %{{.*}}) : (i64, !llvm.ptr) -> f64
  %v = quantum.var %z : f64
  // CHECK: %[[M:.*]] = llvm.call @__cot_measure(%[[Q0]], %{{.*}}) : (i64, !llvm.ptr) -> i8
  // CHECK: llvm.trunc %[[M]] : i8 to i1
  %m, %q2 = quantum.measure %q1 : i1, !quantum.bit
  // CHECK: %[[R1:.*]] = llvm.call @__cot_insert(%[[R]], %{{.*}}, %[[Q0]], %{{.*}})
  %r1 = quantum.insert %r[0], %q2 : !quantum.reg, !quantum.bit
  // CHECK: llvm.call @__cot_dealloc(%[[R1]], %{{.*}})
  quantum.dealloc %r1 : !quantum.reg
  %s = arith.addf %e, %v : f64
  return %s : f64
}

// CHECK-LABEL: llvm.func @arrays
func.func @arrays(%c: memref<2xf64>, %u: memref<4x4xcomplex<f64>>, %p: memref<4xf64>,
                  %s: memref<4xcomplex<f64>>, %q0: !quantum.bit, %q1: !quantum.bit) {
  // CHECK: llvm.call @__cot_unitary(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr) -> ()
  %u0, %u1 = quantum.unitary(%u : memref<4x4xcomplex<f64>>) %q0, %q1 : !quantum.bit, !quantum.bit
  %z = quantum.namedobs %u0[PauliZ] : !quantum.obs
  %x = quantum.namedobs %u1[PauliX] : !quantum.obs
  // CHECK: %[[ZX:.*]] = llvm.call @__cot_tensor_obs(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr) -> i64
  %zx = quantum.tensor %z, %x : !quantum.obs
  // CHECK: llvm.call @__cot_hamiltonian_obs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr) -> i64
  %h = quantum.hamiltonian(%c : memref<2xf64>) %zx, %x : !quantum.obs
  %e = quantum.expval %h : f64
  // CHECK: llvm.call @__cot_probs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> ()
  quantum.probs %u0, %u1 into(%p : memref<4xf64>)
  // CHECK: llvm.call @__cot_state(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> ()
  quantum.state %u0, %u1 into(%s : memref<4xcomplex<f64>>)
  return
}

// A gate without parameters passes a null parameter array.
// CHECK-LABEL: llvm.func @no_params
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.call @__cot_gate(%{{.*}}, %{{.*}}, %[[NULL]],
func.func @no_params(%q0: !quantum.bit) -> !quantum.bit {
  %q1 = quantum.custom "Hadamard"() %q0 : !quantum.bit
  return %q1 : !quantum.bit
}

// The adjoint method's internal ops: recording, keeping the circuit, and
// the backward sweep from the cotangents, with the buffers' sizes read from
// their descriptors.
// CHECK-LABEL: llvm.func @adjoint_method
// CHECK: llvm.call @__cot_adjoint_begin(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: %[[H:.*]] = llvm.call @__cot_adjoint_stash(%{{.*}}) : (!llvm.ptr) -> i64
// CHECK: %[[NW:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: %[[NP:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: llvm.call @__cot_adjoint_resume(%[[H]], %{{.*}}, %[[NW]], %{{.*}}, %[[NP]], %{{.*}}) : (i64, !llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr) -> ()
func.func @adjoint_method(%weights: memref<3xf64>, %out: memref<?xf64>) {
  quantum.adjoint_begin
  %h = quantum.adjoint_stash : i64
  quantum.adjoint_resume %h weights(%weights : memref<3xf64>) into(%out : memref<?xf64>)
  return
}

// A fused block passes its descriptor and its gates' locations as constant
// global arrays (nothing stored at run time), the descriptor's length, then
// its parameters and qubits like a gate. The locations' strings lie one
// after the other in one global, which the array points into.
// GLOBALS-DAG: llvm.mlir.global internal constant @__cot_i64s_{{[0-9A-F]+}}(dense<[8, 0, 1, 0, 12, 0, 2, 0, 1]> : tensor<9xi64>) {{.*}} : !llvm.array<9 x i64>
// GLOBALS-DAG: llvm.mlir.global internal constant @__cot_wheres_{{[0-9A-F]+}}() {{.*}} : !llvm.array<2 x ptr>
// RUN: cot-opt %s --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=WHERES
// WHERES: llvm.mlir.global internal constant @[[TEXTS:__cot_where_texts_[0-9A-F]+]]("[[LOC:[^"]*lower-to-llvm.mlir:[0-9]+:[0-9]+]]\00[[LOC]]\00")
// WHERES: llvm.mlir.global internal constant @__cot_wheres_{{[0-9A-F]+}}() {{.*}} : !llvm.array<2 x ptr> {
// WHERES-NEXT: %[[BASE:.*]] = llvm.mlir.addressof @[[TEXTS]]
// WHERES-NEXT: llvm.mlir.undef
// WHERES-NEXT: llvm.getelementptr %[[BASE]][0]
// WHERES-NEXT: llvm.insertvalue
// WHERES-NEXT: llvm.getelementptr %[[BASE]][{{[1-9][0-9]*}}]
// CHECK-LABEL: llvm.func @fused
// CHECK-SAME: (%[[T:.*]]: f64, %[[A:.*]]: i64, %[[B:.*]]: i64)
// CHECK: %[[QUBITS:.*]] = llvm.alloca %{{.*}} x i64
// CHECK: %[[PARAMS:.*]] = llvm.alloca %{{.*}} x f64
// CHECK: %[[GATES:.*]] = llvm.mlir.addressof @__cot_i64s_
// CHECK: %[[LEN:.*]] = llvm.mlir.constant(9 : i64)
// CHECK: llvm.store %[[T]], %{{.*}} : f64, !llvm.ptr
// CHECK: llvm.store %[[A]], %{{.*}} : i64, !llvm.ptr
// CHECK: llvm.store %[[B]], %{{.*}} : i64, !llvm.ptr
// CHECK: %[[GATE_WHERE:.*]] = llvm.mlir.addressof @__cot_wheres_
// CHECK: llvm.call @__cot_fused_gates(%[[GATES]], %[[LEN]], %[[PARAMS]], %[[QUBITS]], %{{.*}}, %[[GATE_WHERE]], %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> ()
func.func @fused(%t: f64, %a: !quantum.bit, %b: !quantum.bit) -> (!quantum.bit, !quantum.bit) {
  %q:2 = quantum.fused_gates(%t) %a, %b {gates = array<i64: 8, 0, 1, 0, 12, 0, 2, 0, 1>} : !quantum.bit, !quantum.bit
  return %q#0, %q#1 : !quantum.bit, !quantum.bit
}
