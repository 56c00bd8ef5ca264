// Verifier diagnostics of the quantum dialect.
// RUN: cot-opt %s -split-input-file -verify-diagnostics

func.func @unknown_gate(%q: !quantum.bit) {
  // expected-error @+1 {{unknown gate 'Frobnicate'}}
  %a = quantum.custom "Frobnicate"() %q : !quantum.bit
  return
}

// -----

func.func @too_many_params(%t: f64, %q: !quantum.bit) {
  // expected-error @+1 {{gate 'Hadamard' takes 0 parameter(s) but 1 were given}}
  %a = quantum.custom "Hadamard"(%t) %q : !quantum.bit
  return
}

// -----

func.func @too_few_params(%t: f64, %q: !quantum.bit) {
  // expected-error @+1 {{gate 'Rot' takes 3 parameter(s) but 2 were given}}
  %a = quantum.custom "Rot"(%t, %t) %q : !quantum.bit
  return
}

// -----

func.func @wrong_qubit_count(%q: !quantum.bit) {
  // expected-error @+1 {{gate 'CNOT' acts on 2 qubit(s) but 1 were given}}
  %a = quantum.custom "CNOT"() %q : !quantum.bit
  return
}

// -----

func.func @multirz_needs_a_qubit(%t: f64) {
  // expected-error @+1 {{gate 'MultiRZ' acts on at least 1 qubit(s) but 0 were given}}
  "quantum.custom"(%t) <{gate_name = "MultiRZ", operandSegmentSizes = array<i32: 1, 0>}> : (f64) -> ()
  return
}

// -----

func.func @results_match_inputs(%q0: !quantum.bit, %q1: !quantum.bit) {
  // expected-error @+1 {{takes 2 qubits but returns 1}}
  %a = quantum.custom "SWAP"() %q0, %q1 : !quantum.bit
  return
}

// -----

func.func @same_qubit_twice(%q: !quantum.bit) {
  // expected-error @+1 {{uses the same qubit twice (operands 0 and 1)}}
  %a:2 = quantum.custom "CNOT"() %q, %q : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @same_register_slot_twice() {
  %r = quantum.alloc(2) : !quantum.reg
  %a = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  // expected-error @+1 {{uses the same qubit twice (operands 0 and 1)}}
  %c:2 = quantum.custom "CZ"() %a, %b : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @index_outside_register() {
  %r = quantum.alloc(2) : !quantum.reg
  // expected-error @+1 {{qubit index 2 is outside the register of 2 qubits}}
  %q = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  return
}

// -----

func.func @insert_outside_register(%q: !quantum.bit) {
  %r = quantum.alloc(1) : !quantum.reg
  // expected-error @+1 {{qubit index 3 is outside the register of 1 qubits}}
  %r1 = quantum.insert %r[3], %q : !quantum.reg, !quantum.bit
  return
}

// -----

// The allocation checks indices along the chain of inserts that carries its
// register, on every branch of it and inside nested regions.
func.func @index_outside_register_along_inserts(%q: !quantum.bit, %c: i1) {
  %r = quantum.alloc(3) : !quantum.reg
  %r1 = quantum.insert %r[2], %q : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[0], %q : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r1[1], %q : !quantum.reg, !quantum.bit
  scf.if %c {
    %q2 = quantum.extract %r3[2] : !quantum.reg -> !quantum.bit
    // expected-error @+1 {{qubit index 3 is outside the register of 3 qubits}}
    %q3 = quantum.extract %r3[3] : !quantum.reg -> !quantum.bit
  }
  return
}

// -----

// Op verifiers run before dominance is checked: a walk along a register's
// chain of inserts must not follow one that loops (it hung).
func.func @register_chain_loops(%q: !quantum.bit) {
  // expected-error @+2 {{operand #0 does not dominate this use}}
  // expected-note @+1 {{operand defined here}}
  %r = quantum.insert %r[1], %q : !quantum.reg, !quantum.bit
  return
}

// -----

func.func @register_chains_loop_through_each_other(%q: !quantum.bit) {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %a = quantum.insert %b[0], %q : !quantum.reg, !quantum.bit
  // expected-note @+1 {{operand defined here}}
  %b = quantum.insert %a[1], %q : !quantum.reg, !quantum.bit
  return
}

// -----

func.func @negative_index() {
  %r = quantum.alloc(2) : !quantum.reg
  // expected-error @+1 {{whose value is non-negative}}
  %q = quantum.extract %r[-1] : !quantum.reg -> !quantum.bit
  return
}

// -----

func.func @empty_register() {
  // expected-error @+1 {{whose value is positive}}
  %r = quantum.alloc(0) : !quantum.reg
  return
}

// -----

func.func @unitary_shape(%m: tensor<2x2xcomplex<f64>>, %q0: !quantum.bit, %q1: !quantum.bit) {
  // expected-error @+1 {{needs a static 2^n x 2^n matrix for 2 qubit(s), got 'tensor<2x2xcomplex<f64>>'}}
  %q:2 = quantum.unitary(%m : tensor<2x2xcomplex<f64>>) %q0, %q1 : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @unitary_same_qubit(%m: tensor<4x4xcomplex<f64>>, %q: !quantum.bit) {
  // expected-error @+1 {{uses the same qubit twice}}
  %a:2 = quantum.unitary(%m : tensor<4x4xcomplex<f64>>) %q, %q : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @hamiltonian_sizes(%c: tensor<3xf64>, %q: !quantum.bit) {
  %z = quantum.namedobs %q[PauliZ] : !quantum.obs
  // expected-error @+1 {{has 1 observables but coefficients of type 'tensor<3xf64>'}}
  %h = quantum.hamiltonian(%c : tensor<3xf64>) %z : !quantum.obs
  return
}

// -----

func.func @unknown_observable(%q: !quantum.bit) {
  // expected-error @+1 {{expected}}
  %z = quantum.namedobs %q[PauliW] : !quantum.obs
  return
}

// -----

func.func @probs_size(%q0: !quantum.bit, %q1: !quantum.bit) {
  // expected-error @+1 {{on 2 qubit(s) yields 4 values, not 'tensor<2xf64>'}}
  %p = quantum.probs %q0, %q1 : tensor<2xf64>
  return
}

// -----

func.func @probs_same_qubit(%q0: !quantum.bit) {
  // expected-error @+1 {{uses the same qubit twice}}
  %p = quantum.probs %q0, %q0 : tensor<4xf64>
  return
}

// -----

func.func @state_size(%q0: !quantum.bit) {
  // expected-error @+1 {{on 1 qubit(s) yields 2 values, not 'tensor<4xcomplex<f64>>'}}
  %s = quantum.state %q0 : tensor<4xcomplex<f64>>
  return
}

// -----

func.func @probs_needs_a_result(%q0: !quantum.bit) {
  // expected-error @+1 {{needs either a tensor result or an output buffer}}
  quantum.probs %q0
  return
}

// -----

// -----

func.func @fused_unknown_kind(%q: !quantum.bit) {
  // expected-error @+1 {{has a malformed 'gates' descriptor: gate 0: unknown gate kind 99}}
  %a = quantum.fused_gates() %q {gates = array<i64: 99, 0, 1, 0>} : !quantum.bit
  return
}

// -----

func.func @fused_slot_outside(%q: !quantum.bit) {
  // expected-error @+1 {{gate 1: slot 1 is not one of the 1 qubits of the block}}
  %a = quantum.fused_gates() %q {gates = array<i64: 4, 0, 1, 0, 4, 0, 1, 1>} : !quantum.bit
  return
}

// -----

func.func @fused_wrong_arity(%q: !quantum.bit, %r: !quantum.bit) {
  // expected-error @+1 {{gate 0: CNOT cannot act on 1 wire(s)}}
  %a:2 = quantum.fused_gates() %q, %r {gates = array<i64: 12, 0, 1, 0>} : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @fused_truncated(%q: !quantum.bit, %r: !quantum.bit) {
  // expected-error @+1 {{gate 0: the descriptor ends inside it}}
  %a:2 = quantum.fused_gates() %q, %r {gates = array<i64: 12, 0, 2, 0>} : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @fused_slot_twice(%q: !quantum.bit, %r: !quantum.bit) {
  // expected-error @+1 {{gate 0: slot 1 is listed twice}}
  %a:2 = quantum.fused_gates() %q, %r {gates = array<i64: 12, 0, 2, 1, 1>} : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @fused_bad_adjoint(%q: !quantum.bit) {
  // expected-error @+1 {{gate 0: the adjoint flag must be 0 or 1}}
  %a = quantum.fused_gates() %q {gates = array<i64: 4, 2, 1, 0>} : !quantum.bit
  return
}

// -----

func.func @fused_params(%t: f64, %q: !quantum.bit) {
  // expected-error @+1 {{has gates taking 1 parameter(s) but 2 were given}}
  %a = quantum.fused_gates(%t, %t) %q {gates = array<i64: 8, 0, 1, 0>} : !quantum.bit
  return
}

// -----

func.func @fused_empty(%q: !quantum.bit) {
  // expected-error @+1 {{needs at least one gate}}
  %a = quantum.fused_gates() %q {gates = array<i64>} : !quantum.bit
  return
}

// -----

func.func @fused_results(%q: !quantum.bit) {
  // expected-error @+1 {{takes 1 qubits but returns 2}}
  %a:2 = quantum.fused_gates() %q {gates = array<i64: 4, 0, 1, 0>} : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @fused_same_qubit(%r: !quantum.reg) {
  %a = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  // expected-error @+1 {{uses the same qubit twice (operands 0 and 1)}}
  %c:2 = quantum.fused_gates() %a, %b {gates = array<i64: 12, 0, 2, 0, 1>} : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @fused_locations(%q: !quantum.bit) {
  // expected-error @+1 {{has 1 gates but 2 gate locations}}
  %a = quantum.fused_gates() %q {gates = array<i64: 4, 0, 1, 0>, gate_locations = [loc("a.mlir":1:1), loc("b.mlir":2:2)]} : !quantum.bit
  return
}

// -----

func.func @integer_param(%n: i64, %q: !quantum.bit) {
  // expected-error @+1 {{gate parameter %n must be f64, but it is 'i64' (convert it first, e.g. with arith.sitofp)}}
  %a = quantum.custom "RX"(%n) %q : !quantum.bit
  return
}

// -----

func.func @f32_result_param(%t: f64, %q: !quantum.bit) {
  %p:2 = func.call @pair() : () -> (f64, f32)
  // expected-error @+1 {{gate parameter %p#1 must be f64, but it is 'f32'}}
  %a = quantum.custom "Rot"(%t, %p#1, %t) %q : !quantum.bit
  return
}
func.func private @pair() -> (f64, f32)
