//===- ForwardSweep.h - the forward sweep of reverse mode -------*- C++ -*-===//
//
// Replays the primal function and pushes, at the end of each segment, what
// the TapePlan says the reverse sweep of that segment reads. Ops with an
// OpRule replay themselves (calls call their callees' forward sweeps, loops
// replay their bodies through emitBlock); every other op is cloned.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_FORWARDSWEEP_H
#define COTANGENT_LIB_AUTODIFF_FORWARDSWEEP_H

#include "cotangent/AutoDiff/Engine.h"
#include "mlir/IR/IRMapping.h"

namespace cotangent::autodiff {
class Activity;
class TapePlan;

class ForwardSweep {
public:
  ForwardSweep(Engine &engine, const Activity &activity, const TapePlan &plan)
      : engine(engine), activity(activity), plan(plan) {}

  /// Fills the empty function `target` (with `primal`'s signature).
  mlir::LogicalResult emit(mlir::func::FuncOp primal,
                           mlir::func::FuncOp target);

  //===--- For rules ------------------------------------------------------===//

  /// Emits `block`'s ops at the end of `b`'s block, pushing each segment's
  /// values at its end; the terminator gets `extraOperands` appended.
  mlir::LogicalResult emitBlock(mlir::Block &block, mlir::OpBuilder &b,
                                mlir::ValueRange extraOperands);

  /// The replayed values of primal values.
  mlir::Value mapped(mlir::Value value) const { return map.lookup(value); }
  llvm::SmallVector<mlir::Value> mapped(mlir::ValueRange values) const;

  Engine &engine;
  const Activity &activity;
  mlir::IRMapping map;

private:
  void push(llvm::ArrayRef<mlir::Value> counters,
            const llvm::SetVector<mlir::Value> &saved, mlir::OpBuilder &b,
            mlir::Location loc);
  mlir::LogicalResult emitOp(mlir::Operation *op, mlir::OpBuilder &b,
                             llvm::SmallVectorImpl<mlir::Value> &counters);

  const TapePlan &plan;
};

} // namespace cotangent::autodiff

#endif
