//===- Lowering.h - source text to the LLVM dialect, and on to IR -*- C++
//-*-===//
//
// What the JIT (Program) and ahead-of-time libraries (SharedLibrary) share:
// parsing with located diagnostics, binding callbacks, running the pipeline
// to the LLVM dialect, and preparing the translated LLVM IR for a target.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_API_LOWERING_H
#define COTANGENT_LIB_API_LOWERING_H

#include "CallbackBinding.h"

#include "cotangent/API/Cotangent.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <chrono>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace cotangent {

/// Initialises LLVM's native target and registers the pipeline's passes,
/// once per process.
void initializeCodeGeneration();

/// Milliseconds since `start`, for the stage timings.
inline double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

Error compileError(std::string message);
Error usageError(std::string message);

/// A program lowered to the LLVM dialect.
struct LoweredProgram {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<EntryPoint> entries;
  /// Bound to options.callbacks; empty when binding is deferred.
  ProgramCallbacks callbacks;
  /// The declared callbacks, by id.
  std::vector<DeclaredCallback> declared;
  std::vector<StageTiming> timings;
};

/// How callbacks are bound: now, to CompileOptions::callbacks, or later, when
/// an ahead-of-time library is loaded (every callback with results is then
/// compiled as having a host gradient).
enum class CallbackBinding { Now, Deferred };

/// Parses `source`, binds its callbacks and runs the pipeline; diagnostics
/// carry file:line:col of `bufferName`.
Result<LoweredProgram> lowerToLLVMDialect(mlir::MLIRContext &context,
                                          std::string_view source,
                                          std::string_view bufferName,
                                          const CompileOptions &options,
                                          CallbackBinding binding);

/// Makes `module` ready for `target`: its CPU and features on every
/// function, the runtime's allocator marked as returning fresh memory,
/// multiplications and additions allowed to fuse when `contract`, then
/// optimises it (LLVM's pipeline at `optimizationLevel`, optimizeModule).
void prepareForTarget(llvm::Module &module, llvm::TargetMachine &target,
                      bool contract, unsigned optimizationLevel);

} // namespace cotangent

#endif
