//===- OpRule.h - the whole derivative of one structural op -----*- C++ -*-===//
//
// Scalar ops are described by a ScalarRule (their partial derivatives). Every
// other op the engine differentiates (memory, loops, branches, calls, the
// tape) has an OpRule: one record holding each part of its derivative, which
// the engine's analyses and sweeps look up by op name. A null entry takes the
// engine's default for that part:
//   activity   every result active when any operand is
//   tapeNeeds  nothing is needed from the forward sweep
//   replay     the op is cloned into the forward sweep
//   reverse    nothing to do
//   tangent    the op is cloned and has no tangent
// Ops with regions are one segment of their block (see TapePlan.h): the
// engine plans and replays their regions through the callbacks below, which
// recurse into the engine for each nested block.
//
// One file per dialect (Rules/<Dialect>Rules.cpp) holds its records; adding
// an op is adding a record there.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_OPRULE_H
#define COTANGENT_LIB_AUTODIFF_OPRULE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace cotangent::autodiff {
class Activity;
class TapePlan;
class ForwardSweep;
class ReverseSweep;
class TangentSweep;

struct OpRule {
  llvm::StringLiteral opName;
  /// Whether the rule covers this instance of the op (null: always); an op
  /// it does not cover is a scalar op (e.g. arith.select of floats, where
  /// the rule covers arith.select of buffers).
  bool (*applies)(mlir::Operation *op) = nullptr;
  /// Marks what the op makes active (Activity::flow, Activity::markActive).
  void (*activity)(mlir::Operation *op, Activity &activity) = nullptr;
  /// Adds to `needs` the primal values the op's reverse code reads
  /// (TapePlan::need for values that may be reloaded, TapePlan::shadowInputs
  /// for buffers whose shadows it uses), and may declare counters that its
  /// replay pushes (TapePlan::addCounter).
  mlir::LogicalResult (*tapeNeeds)(mlir::Operation *op, TapePlan &plan,
                                   llvm::SetVector<mlir::Value> &needs) =
      nullptr;
  /// Emits the op into the forward sweep; appends to `counters` the values
  /// declared by tapeNeeds' addCounter.
  mlir::LogicalResult (*replay)(
      mlir::Operation *op, ForwardSweep &sweep, mlir::OpBuilder &b,
      llvm::SmallVectorImpl<mlir::Value> &counters) = nullptr;
  /// Emits the op's reverse code (ReverseSweep::counters holds the values
  /// its replay pushed).
  mlir::LogicalResult (*reverse)(mlir::Operation *op, ReverseSweep &sweep,
                                 mlir::OpBuilder &b) = nullptr;
  /// Emits the op and its tangent code into a tangent function.
  mlir::LogicalResult (*tangent)(mlir::Operation *op, TangentSweep &sweep,
                                 mlir::OpBuilder &b) = nullptr;
  /// For ops whose buffer result aliases operand buffers (other than
  /// views): what building its shadow in the reverse code needs, and the
  /// shadow itself.
  mlir::LogicalResult (*shadowNeeds)(mlir::Operation *op, TapePlan &plan,
                                     llvm::SetVector<mlir::Value> &needs) =
      nullptr;
  mlir::FailureOr<mlir::Value> (*shadow)(mlir::Operation *op,
                                         ReverseSweep &sweep,
                                         mlir::OpBuilder &b) = nullptr;
  /// For ops with regions: the block argument the reverse code rebuilds
  /// itself instead of taking it from the tape (e.g. an induction variable).
  mlir::Value (*rebuiltArgument)(mlir::Block &block) = nullptr;
  /// For loops: how many times the body runs, when the bounds are constants
  /// (buffer snapshots weigh their cost by it; null or nullopt: unknown).
  std::optional<int64_t> (*constantTripCount)(mlir::Operation *op) = nullptr;
  /// For ops with regions: whether block arguments may carry buffers.
  bool carriesBuffers = false;
};

} // namespace cotangent::autodiff

#endif
