// What exact differentiation of a circuit cannot do is an error at the op,
// with a note at the derivative that reached it; method = "fd" accepts all
// of it (test/e2e/hybrid/errors.test).
// RUN: cot-opt %s --split-input-file --lower-gradients -verify-diagnostics

func.func @measured(%t: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  // expected-error @+1 {{'quantum.measure' has no quantum gradient: a mid-circuit measurement cannot be differentiated exactly}}
  %m, %q2 = quantum.measure %q1 : i1, !quantum.bit
  %z = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
func.func @d(%t: f64) -> f64 {
  // expected-note @+1 {{differentiated exactly by this 'gradient.grad' (method = "fd" gives finite differences instead)}}
  %g = gradient.grad @measured(%t) : (f64) -> f64
  return %g : f64
}

// -----

func.func @matrix_of_argument(%m: tensor<2x2xcomplex<f64>>, %t: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  // expected-error @+1 {{'quantum.unitary' has no quantum gradient with respect to its matrix, which depends on the function's arguments}}
  %q2 = quantum.unitary(%m : tensor<2x2xcomplex<f64>>) %q1 : !quantum.bit
  %z = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
func.func @d(%m: tensor<2x2xcomplex<f64>>, %t: f64) -> f64 {
  // expected-note @+1 {{differentiated exactly by this 'gradient.value_and_grad'}}
  %v, %g = gradient.value_and_grad @matrix_of_argument(%m, %t) {argnums = array<i64: 1>} : (tensor<2x2xcomplex<f64>>, f64) -> (f64, f64)
  return %g : f64
}

// -----

func.func @amplitudes(%t: f64) -> tensor<2xcomplex<f64>> {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  // expected-error @+1 {{'quantum.state' has no quantum gradient: complex amplitudes cannot be differentiated}}
  %s = quantum.state %q1 : tensor<2xcomplex<f64>>
  quantum.dealloc %r : !quantum.reg
  return %s : tensor<2xcomplex<f64>>
}
func.func @caller(%t: f64) -> f64 {
  %s = func.call @amplitudes(%t) : (f64) -> tensor<2xcomplex<f64>>
  %c0 = arith.constant 0 : index
  %a = tensor.extract %s[%c0] : tensor<2xcomplex<f64>>
  %re = complex.re %a : complex<f64>
  return %re : f64
}
func.func @d(%t: f64) -> f64 {
  // expected-note @+1 {{differentiated exactly by this 'gradient.grad'}}
  %g = gradient.grad @caller(%t) : (f64) -> f64
  return %g : f64
}

// -----

func.func @in_loop(%t: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (f64) {
    // expected-error @+1 {{'quantum.expval' inside a loop or branch cannot be differentiated exactly: measure in the circuit function's body}}
    %e = quantum.expval %z : f64
    %n = arith.addf %acc, %e : f64
    scf.yield %n : f64
  }
  quantum.dealloc %r : !quantum.reg
  return %s : f64
}
func.func @d(%t: f64) -> f64 {
  // expected-note @+1 {{differentiated exactly by this 'gradient.grad'}}
  %g = gradient.grad @in_loop(%t) : (f64) -> f64
  return %g : f64
}

// -----

func.func @gate_after_measurement(%t: f64) -> (f64, f64) {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  // expected-error @+1 {{a gate after a measurement cannot be differentiated exactly: measure at the end of the circuit}}
  %q2 = quantum.custom "RY"(%t) %q1 : !quantum.bit
  %x = quantum.namedobs %q2[PauliX] : !quantum.obs
  %f = quantum.expval %x : f64
  quantum.dealloc %r : !quantum.reg
  return %e, %f : f64, f64
}
func.func @d(%t: f64) -> (f64, f64) {
  // expected-note @+1 {{differentiated exactly by this 'gradient.grad'}}
  %g:2 = gradient.grad @gate_after_measurement(%t) : (f64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}

// -----

func.func @circuit(%t: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
func.func @inner(%t: f64) -> f64 {
  %g = gradient.grad @circuit(%t) : (f64) -> f64
  return %g : f64
}
func.func @second(%t: f64) -> f64 {
  // expected-error @+1 {{cannot take exact derivatives of a function that differentiates a quantum circuit itself (a circuit's gradient has no derivative); use method = "fd" for one of the two}}
  %h = gradient.grad @inner(%t) : (f64) -> f64
  return %h : f64
}

// -----

// expected-error @+1 {{unknown diff_method "backprop" (expected "adjoint" or "parameter-shift")}}
func.func @unknown_method(%t: f64) -> f64 attributes {diff_method = "backprop"} {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
func.func @d(%t: f64) -> f64 {
  // expected-note @+1 {{differentiated exactly by this 'gradient.grad'}}
  %g = gradient.grad @unknown_method(%t) : (f64) -> f64
  return %g : f64
}
