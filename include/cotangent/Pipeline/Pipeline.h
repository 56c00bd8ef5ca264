//===- Pipeline.h - the compilation pipeline as named stages ----*- C++ -*-===//
#ifndef COTANGENT_PIPELINE_PIPELINE_H
#define COTANGENT_PIPELINE_PIPELINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class DialectRegistry;
}

namespace cotangent {

/// One named step from parsed MLIR towards LLVM IR, written as a textual pass
/// pipeline so that `--print-pipeline` shows exactly what runs.
struct PipelineStage {
  llvm::StringLiteral name;
  llvm::StringLiteral purpose;
  llvm::StringLiteral passes;
  /// The CompileOptions flag that can switch the stage off, if any.
  enum class Switch { None, OptimizeBeforeAD, FuseGates, IndexChecks };
  Switch switchedBy = Switch::None;
};

/// The stages run on MLIR, in order. The JIT then translates to LLVM IR and
/// optimises for the host CPU at O3 by default (stage `llvm`).
llvm::ArrayRef<PipelineStage> pipelineStages();

/// The name under which LLVM translation, optimisation and code generation are
/// reported and dumped.
inline constexpr llvm::StringLiteral kLLVMStageName = "llvm";

/// Prints every stage with its purpose and passes.
void printPipeline(llvm::raw_ostream &os);

/// Dialects, interfaces and translations the pipeline needs.
void registerPipelineDialects(mlir::DialectRegistry &registry);

/// Registers the passes the stages name (idempotent).
void registerPipelinePasses();

} // namespace cotangent

#endif
