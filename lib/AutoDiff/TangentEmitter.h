//===- TangentEmitter.h - forward-mode derivative functions -----*- C++ -*-===//
#ifndef COTANGENT_LIB_AUTODIFF_TANGENTEMITTER_H
#define COTANGENT_LIB_AUTODIFF_TANGENTEMITTER_H

#include "cotangent/AutoDiff/Engine.h"

namespace cotangent::autodiff {
class Activity;

/// Fills the empty function `target` (see Engine.h for its signature) with
/// the tangent code of `primal`.
mlir::LogicalResult emitTangentFunction(Engine &engine,
                                        mlir::func::FuncOp primal,
                                        Activity &activity,
                                        llvm::ArrayRef<unsigned> activeArgs,
                                        mlir::func::FuncOp target);
} // namespace cotangent::autodiff

#endif
