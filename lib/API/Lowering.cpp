//===- Lowering.cpp - source text to the LLVM dialect, and on to IR -------===//
#include "Lowering.h"

#include "EntryPoints.h"
#include "LLVMOptimizer.h"
#include "MultiplyAddContraction.h"
#include "ParserHazards.h"
#include "ScalarMinMax.h"

#include "cotangent/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <mutex>

using namespace cotangent;

namespace {

using Clock = std::chrono::steady_clock;

bool skipped(const PipelineStage &stage, const CompileOptions &options) {
  return (stage.switchedBy == PipelineStage::Switch::OptimizeBeforeAD &&
          !options.optimizeBeforeAD) ||
         (stage.switchedBy == PipelineStage::Switch::FuseGates &&
          !options.fuseGates) ||
         (stage.switchedBy == PipelineStage::Switch::IndexChecks &&
          !options.checkIndices);
}

} // namespace

void cotangent::initializeCodeGeneration() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    registerPipelinePasses();
  });
}

Error cotangent::compileError(std::string message) {
  return Error{Error::Kind::Compile, std::move(message)};
}

Error cotangent::usageError(std::string message) {
  return Error{Error::Kind::Usage, std::move(message)};
}

Result<LoweredProgram> cotangent::lowerToLLVMDialect(
    mlir::MLIRContext &context, std::string_view source,
    std::string_view bufferName, const CompileOptions &options,
    CallbackBinding binding) {
  std::vector<std::string> stageNames = pipelineStageNames();
  if (!options.dumpAfter.empty() &&
      std::find(stageNames.begin(), stageNames.end(), options.dumpAfter) ==
          stageNames.end())
    return usageError("unknown pipeline stage '" + options.dumpAfter +
                      "' (see --print-pipeline)");

  Clock::time_point start = Clock::now();
  // Diagnostics carry file:line:col of the source buffer.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(source.data(), source.size()),
          llvm::StringRef(bufferName.data(), bufferName.size())),
      llvm::SMLoc());
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context,
                                           diagnosticStream);

  if (mlir::failed(rejectParserHazards(sourceMgr, context)))
    return compileError(diagnostics);
  LoweredProgram lowered;
  lowered.module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!lowered.module)
    return compileError(diagnostics);
  mlir::ModuleOp module = *lowered.module;
  lowered.entries = collectEntryPoints(module);
  lowered.declared = declaredCallbacks(module);
  if (binding == CallbackBinding::Now) {
    mlir::FailureOr<ProgramCallbacks> callbacks =
        bindCallbacks(module, options.callbacks);
    if (mlir::failed(callbacks))
      return compileError(diagnostics);
    lowered.callbacks = std::move(*callbacks);
  } else {
    assumeHostGradients(module);
  }
  lowered.timings.push_back({"parse", millisecondsSince(start)});

  for (const PipelineStage &stage : pipelineStages()) {
    if (skipped(stage, options))
      continue;
    start = Clock::now();
    mlir::PassManager pm(&context);
    std::string pipelineErrors;
    llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
    std::string passes = stage.passes.str();
    if (stage.switchedBy == PipelineStage::Switch::FuseGates)
      passes += "{max-wires=" + std::to_string(options.fusedBlockWires) + "}";
    if (mlir::failed(mlir::parsePassPipeline(passes, pm, pipelineErrorStream)))
      return compileError("internal error: stage " + stage.name.str() + ": " +
                          pipelineErrors);
    if (mlir::failed(pm.run(module)))
      return compileError(diagnostics.empty()
                              ? "stage " + stage.name.str() + " failed"
                              : diagnostics);
    lowered.timings.push_back({stage.name.str(), millisecondsSince(start)});
    if (options.dumpAfter == stage.name && options.irOutput) {
      std::string text;
      llvm::raw_string_ostream os(text);
      module.print(os);
      *options.irOutput << text;
    }
  }
  return lowered;
}

void cotangent::prepareForTarget(llvm::Module &module,
                                 llvm::TargetMachine &target, bool contract,
                                 unsigned optimizationLevel) {
  // Buffers come from the runtime's allocator, which returns fresh memory
  // like malloc: saying so lets LLVM keep values in registers and vectorise.
  if (llvm::Function *alloc = module.getFunction("_mlir_memref_to_llvm_alloc"))
    alloc->addRetAttr(llvm::Attribute::NoAlias);
  for (llvm::Function &function : module)
    if (!function.isDeclaration()) {
      function.addFnAttr("target-cpu", target.getTargetCPU());
      function.addFnAttr("target-features", target.getTargetFeatureString());
      if (contract)
        allowMultiplyAddContraction(function);
    }
  optimizeModule(module, target, optimizationLevel);
  for (llvm::Function &function : module)
    expandScalarMinMax(function);
}
