// An op without a derivative rule is an error at the op, with a note at the
// derivative request that reached it.
// RUN: cot-opt %s --split-input-file --differentiate -verify-diagnostics

func.func @nondiff(%x: f64) -> f64 {
  // expected-error @+1 {{cannot differentiate 'math.acosh': it has no derivative rule}}
  %y = math.acosh %x : f64
  return %y : f64
}
func.func @dnondiff(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  // expected-note @+1 {{while differentiating for the derivative requested here}}
  %r:2 = gradient.reverse_call @nondiff(%x) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}

// -----

// A quantum gate takes an active angle into a qubit, which cannot carry a
// derivative: an error, never a silent zero.
func.func @circuit(%theta: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  // expected-error @+1 {{cannot differentiate through 'quantum.custom': its results cannot carry derivatives}}
  %q1 = quantum.custom "RX"(%theta) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  return %e : f64
}
func.func @dcircuit(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  // expected-note @+1 {{while differentiating for the derivative requested here}}
  %r:2 = gradient.reverse_call @circuit(%x) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}
// -----

// Forward mode reports it too.
func.func @circuit2(%theta: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  // expected-error @+1 {{cannot differentiate through 'quantum.custom': its results cannot carry derivatives}}
  %q1 = quantum.custom "RX"(%theta) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  return %e : f64
}
func.func @jcircuit(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  // expected-note @+1 {{while differentiating for the derivative requested here}}
  %r:2 = gradient.tangent_call @circuit2(%x) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}
