// A module that declares a runtime function with another type than
// RuntimeABI.def gives it cannot be lowered: its calls would be ill-typed.
// RUN: cot-opt %s --convert-to-llvm -verify-diagnostics

// expected-error @+1 {{redefinition of function '__cot_alloc' of different type '!llvm.func<i64 (i64, ptr)>' is prohibited}}
llvm.func @__cot_alloc(f64) -> i64

func.func @conflict() {
  // expected-error @+1 {{failed to legalize operation 'quantum.alloc'}}
  %r = quantum.alloc(1) : !quantum.reg
  return
}
