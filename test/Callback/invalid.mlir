// Verifier diagnostics of the callback dialect.
// RUN: cot-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{argument 1 of callback @bad has type 'complex<f64>'; callbacks exchange f64, f32, i64 and i1 values and statically shaped tensors of them}}
callback.declare @bad : (f64, complex<f64>) -> f64

// -----

// expected-error @+1 {{result 0 of callback @dynamic has type 'tensor<?xf64>'}}
callback.declare @dynamic : (f64) -> tensor<?xf64>

// -----

// expected-note @+1 {{see existing symbol definition here}}
callback.declare @twice : (f64) -> f64
// expected-error @+1 {{redefinition of symbol named 'twice'}}
callback.declare @twice : (f64) -> f64

// -----

func.func @undeclared(%x: f64) -> f64 {
  // expected-error @+1 {{'@nowhere' is not a declared callback}}
  %y = callback.call @nowhere(%x) : (f64) -> f64
  return %y : f64
}

// -----

// expected-note @+1 {{declared here}}
callback.declare @pair : (f64, f64) -> f64
func.func @arity(%x: f64) -> f64 {
  // expected-error @+1 {{calls @pair as '(f64) -> f64' but it is declared '(f64, f64) -> f64'}}
  %y = callback.call @pair(%x) : (f64) -> f64
  return %y : f64
}

// -----

// expected-note @+1 {{declared here}}
callback.declare @typed : (f64) -> f64
func.func @types(%x: f32) -> f32 {
  // expected-error @+1 {{calls @typed as '(f32) -> f32' but it is declared '(f64) -> f64'}}
  %y = callback.call @typed(%x) : (f32) -> f32
  return %y : f32
}

// -----

func.func @call_of_function(%x: f64) -> f64 {
  // expected-error @+1 {{'@call_of_function' is not a declared callback}}
  %y = callback.call @call_of_function(%x) : (f64) -> f64
  return %y : f64
}

// -----

func.func @print_complex(%x: complex<f64>) {
  // expected-error @+1 {{operand #0 must be}}
  callback.print %x : complex<f64>
  return
}

// -----

func.func @invoke_id(%x: f64) {
  // expected-error @+1 {{id must be non-negative, not -1}}
  callback.invoke primal "f" id(-1) (%x) : (f64) -> ()
  return
}

// -----

func.func @invoke_outputs(%x: f64) {
  // expected-error @+1 {{num_outputs must be between 0 and the number of operands (1), not 2}}
  callback.invoke primal "f" id(0) (%x) {num_outputs = 2} : (f64) -> ()
  return
}
