//===- Passes.td - passes of the compilation pipeline ------*- tablegen -*-===//
#ifndef COTANGENT_PIPELINE_PASSES
#define COTANGENT_PIPELINE_PASSES

include "mlir/Pass/PassBase.td"

def WrapEntryPoints : Pass<"wrap-entry-points", "mlir::ModuleOp"> {
  let summary = "Give every public function a twin that the host can call "
                "with one buffer per argument and per result";
  let description = [{
    For each public, bufferized function `@f` whose arguments and results are
    scalars or static buffers, creates `@_cot_entry_f` taking a buffer for every
    argument (a rank-0 memref for a scalar) followed by a buffer for every
    result. It loads the arguments, calls `@f` and writes the results into the
    result buffers. The twin carries `llvm.emit_c_interface`, so the host calls
    it with one pointer per buffer descriptor.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect",
                           "mlir::func::FuncDialect"];
}

def GuardIntegerDivision : Pass<"guard-integer-division", "mlir::ModuleOp"> {
  let summary = "Check every integer division and remainder before it runs";
  let description = [{
    Before each `arith.divsi`, `divui`, `remsi`, `remui`, `ceildivsi`,
    `ceildivui` and `floordivsi` on scalars, inserts a test of the divisor
    (zero) and, for the signed ops, of the overflowing case (the smallest
    value divided by -1); either ends the call with a run-time error at the
    op's location (`__cot_arithmetic_error`) instead of trapping or giving
    garbage. A divisor that is the constant zero, or a constant overflowing
    pair, is a compile error at the op.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::LLVM::LLVMDialect"];
}

#endif
