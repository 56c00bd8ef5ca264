//===- ReverseEmitter.h - reverse-mode derivative functions -----*- C++ -*-===//
#ifndef COTANGENT_LIB_AUTODIFF_REVERSEEMITTER_H
#define COTANGENT_LIB_AUTODIFF_REVERSEEMITTER_H

#include "cotangent/AutoDiff/Engine.h"

namespace cotangent::autodiff {
class Activity;

/// Fills the empty functions `forward` and `reverse` (see Engine.h for their
/// signatures) with the two sweeps of `primal`.
mlir::LogicalResult emitReverseFunctions(
    Engine &engine, mlir::func::FuncOp primal, const Activity &activity,
    llvm::ArrayRef<unsigned> activeArgs, llvm::ArrayRef<unsigned> rereadArgs,
    mlir::func::FuncOp forward, mlir::func::FuncOp reverse);
} // namespace cotangent::autodiff

#endif
