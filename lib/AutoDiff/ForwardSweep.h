//===- ForwardSweep.h - the forward sweep of reverse mode -------*- C++ -*-===//
#ifndef COTANGENT_LIB_AUTODIFF_FORWARDSWEEP_H
#define COTANGENT_LIB_AUTODIFF_FORWARDSWEEP_H

#include "cotangent/AutoDiff/Engine.h"

namespace cotangent::autodiff {
class Activity;
class TapePlan;

/// Fills the empty function `target` (with `primal`'s signature) with the
/// forward sweep of `primal`.
mlir::LogicalResult emitForwardSweep(Engine &engine, const Activity &activity,
                                     const TapePlan &plan,
                                     mlir::func::FuncOp primal,
                                     mlir::func::FuncOp target);
} // namespace cotangent::autodiff

#endif
