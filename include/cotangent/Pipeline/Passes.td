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

#endif
