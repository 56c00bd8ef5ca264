// Symbols named like the functions compiled code calls are refused at their
// definition: C library functions (the math lowering would call the
// program's @cos for math.cos) and the runtime's and compiler's prefixes.
// RUN: cot-opt %s --reject-reserved-names -verify-diagnostics

// expected-error @+1 {{the name @cos is reserved (a C library function the compiled code calls); rename it}}
func.func @cos(%x: f64) -> f64 {
  return %x : f64
}

// expected-error @+1 {{the name @expf is reserved}}
func.func private @expf(f32) -> f32

// expected-error @+1 {{the name @memcpy is reserved}}
func.func @memcpy() {
  return
}

// expected-error @+1 {{the name @__cot_expval is reserved (the prefix of the runtime's and the compiler's own functions)}}
func.func @__cot_expval(%x: f64) -> f64 {
  return %x : f64
}

// expected-error @+1 {{the name @_cot_entry_main is reserved}}
func.func @_cot_entry_main() {
  return
}

// expected-error @+1 {{the name @_mlir_memref_to_llvm_alloc is reserved}}
callback.declare @_mlir_memref_to_llvm_alloc : (i64) -> i64

// Names that only resemble them are fine.
func.func @cosine(%x: f64) -> f64 {
  return %x : f64
}
func.func @cot_entry(%x: f64) -> f64 {
  return %x : f64
}
