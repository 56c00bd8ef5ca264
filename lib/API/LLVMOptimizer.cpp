//===- LLVMOptimizer.cpp - LLVM's optimisation pipeline, as we run it -----===//
#include "LLVMOptimizer.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace {

/// Blocks longer than this (in instructions) turn the SLP vectoriser off:
/// its cost model walks the block between the stores of every chain it
/// tries, so its time grows with the square of the block. A straight-line
/// circuit of 8,000 rotations (one block of about 51,000 instructions after
/// fusion) spent 3.3 s of an 8.3 s compile in it; a circuit is a sequence of
/// runtime calls, which it has little to gain from.
constexpr size_t kMaxSLPBlockLength = 10000;

bool hasBlockLongerThan(const Module &module, size_t length) {
  for (const Function &function : module)
    for (const BasicBlock &block : function)
      if (block.size() > length)
        return true;
  return false;
}

OptimizationLevel levelOf(unsigned level) {
  switch (level) {
  case 0:
    return OptimizationLevel::O0;
  case 1:
    return OptimizationLevel::O1;
  case 2:
    return OptimizationLevel::O2;
  default:
    return OptimizationLevel::O3;
  }
}

} // namespace

void cotangent::optimizeModule(Module &module, TargetMachine &target,
                               unsigned level) {
  PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = !hasBlockLongerThan(module, kMaxSLPBlockLength);
  PassBuilder builder(&target, tuning);
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager sccs;
  ModuleAnalysisManager modules;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  ModulePassManager pipeline =
      builder.buildPerModuleDefaultPipeline(levelOf(level));
  pipeline.run(module, modules);
}
