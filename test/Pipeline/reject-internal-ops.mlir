// Ops only the compiler makes are refused in programs, naming what to write
// instead.
// RUN: cot-opt %s --reject-internal-ops -verify-diagnostics

func.func @tape(%x: f64) -> f64 {
  // expected-error @+1 {{'gradient.tape_pop' is internal to the compiler and cannot be written in a program; write gradient.grad instead}}
  %y = gradient.tape_pop : f64
  return %y : f64
}

func.func @residuals(%b: memref<f64>) {
  // expected-error @+1 {{'gradient.residuals_create' is internal to the compiler}}
  %t = gradient.residuals_create 1 : !llvm.ptr
  // expected-error @+1 {{'gradient.residuals_free' is internal to the compiler}}
  gradient.residuals_free %t : !llvm.ptr
  return
}

func.func @recording() {
  // expected-error @+1 {{'quantum.adjoint_begin' is internal to the compiler and cannot be written in a program; write diff_method = "adjoint" on the circuit instead}}
  quantum.adjoint_begin
  return
}

func.func @invoke(%x: f64) -> f64 {
  // expected-error @+1 {{'callback.invoke' is internal to the compiler and cannot be written in a program; write callback.call instead}}
  %y = callback.invoke primal "f" id(0) (%x) : (f64) -> f64
  return %y : f64
}

// User-facing ops pass.
func.func @f(%x: f64) -> f64 {
  return %x : f64
}
func.func @g(%x: f64) -> f64 {
  %d = gradient.grad @f(%x) : (f64) -> f64
  return %d : f64
}
