//===- LLVMOptimizer.h - LLVM's optimisation pipeline -----------*- C++ -*-===//
#ifndef COTANGENT_API_LLVMOPTIMIZER_H
#define COTANGENT_API_LLVMOPTIMIZER_H

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace cotangent {

/// Runs LLVM's default pipeline at `level` (0 to 3) for `target` on
/// `module`, with loop unrolling, interleaving and vectorisation, and the
/// SLP vectoriser of straight-line code unless a block is too long for it.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &target,
                    unsigned level);

} // namespace cotangent

#endif
