//===- ReverseSweep.h - the reverse sweep of reverse mode -------*- C++ -*-===//
//
// Walks every block backwards, popping each segment's values (TapePlan.h)
// before reversing it. Adjoints of scalars are SSA values kept per scope (one
// scope per reversed block); a reversed loop or branch carries, as loop
// values and results, the adjoints of the outer scalars it uses. Adjoints of
// buffers live in shadow buffers. Scalar ops are reversed by their
// ScalarRule; every other op by its OpRule, through the methods below.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_REVERSESWEEP_H
#define COTANGENT_LIB_AUTODIFF_REVERSESWEEP_H

#include "cotangent/AutoDiff/Engine.h"
#include "llvm/ADT/SetVector.h"

namespace cotangent::autodiff {
class Activity;
class TapePlan;
struct Segment;
struct ScalarRule;

/// The reverse code of one block.
struct Scope {
  Scope *parent = nullptr;
  mlir::Block *block = nullptr;
  llvm::DenseMap<mlir::Value, mlir::Value> primal;  ///< restored from the tape
  llvm::DenseMap<mlir::Value, mlir::Value> shadow;  ///< shadow buffers
  llvm::DenseMap<mlir::Value, mlir::Value> adjoint; ///< null: zero so far
  llvm::SetVector<mlir::Value> outerAdjoints; ///< outer values accumulated here
  /// The values the region op being reversed pushed first (its counters).
  llvm::SmallVector<mlir::Value> counters;
  /// (source, buffer): add the shadow `source` into `buffer`'s shadow once
  /// the block's own buffers have shadows.
  llvm::SmallVector<std::pair<mlir::Value, mlir::Value>> onShadowsReady;

  bool owns(mlir::Value value) const {
    return value.getParentBlock() == block || outerAdjoints.contains(value);
  }
};

class ReverseSweep {
public:
  ReverseSweep(Engine &engine, const Activity &activity, const TapePlan &plan)
      : engine(engine), activity(activity), plan(plan) {}

  /// Fills the empty function `target` (see Engine.h for its signature).
  mlir::LogicalResult emit(mlir::func::FuncOp primal,
                           llvm::ArrayRef<unsigned> activeArgs,
                           llvm::ArrayRef<unsigned> rereadArgs,
                           mlir::func::FuncOp target);

  //===--- For rules ------------------------------------------------------===//

  /// Makes a scope the current one while it lives.
  class EnterScope {
  public:
    EnterScope(ReverseSweep &sweep, Scope &entered)
        : sweep(sweep), saved(sweep.scope) {
      sweep.scope = &entered;
    }
    ~EnterScope() { sweep.scope = saved; }

  private:
    ReverseSweep &sweep;
    Scope *saved;
  };

  /// The adjoint of `value` so far (null: zero).
  mlir::Value adjointOf(mlir::Value value);
  mlir::Value adjointOrZero(mlir::Value value, mlir::OpBuilder &b,
                            mlir::Location loc);
  /// Adds `contribution` (null: zero) to the adjoint of an active float.
  void addAdjoint(mlir::Value value, mlir::Value contribution,
                  mlir::OpBuilder &b);

  /// The primal `value` in the reverse code: restored from the tape, or a
  /// rebuilt constant, or reloaded from a re-read buffer.
  mlir::FailureOr<mlir::Value> primal(mlir::Value value, mlir::OpBuilder &b);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  primals(mlir::ValueRange values, mlir::OpBuilder &b);
  /// Makes `restored` the primal of `value` in the current scope.
  void setPrimal(mlir::Value value, mlir::Value restored) {
    scope->primal[value] = restored;
  }

  /// The shadow of a buffer; views of shadows are made on first use.
  mlir::FailureOr<mlir::Value> shadowOf(mlir::Value buffer, mlir::OpBuilder &b);
  /// The shadow of an active buffer, a zero scratch buffer for another
  /// (whose adjoints go nowhere).
  mlir::FailureOr<mlir::Value> shadowOrScratch(mlir::Value buffer,
                                               mlir::OpBuilder &b);
  void setShadow(mlir::Value buffer, mlir::Value shadow) {
    scope->shadow[buffer] = shadow;
  }
  /// Hands the adjoints in `shadow` to the memory of `buffer`, a view of (or
  /// itself) a buffer the block being reversed allocates: the buffer's own
  /// shadow takes them when it is made, before the block's ops reverse.
  void giveShadowTo(mlir::Value buffer, mlir::Value shadow, mlir::OpBuilder &b);

  /// Reverses `block` in the new scope `nested`, whose outer-value adjoints
  /// start as `outerInit` (empty: zero); `seed` runs first, in the new
  /// scope. Returns the adjoints of `outerValues` after the block.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  reverseNested(mlir::Block &block, llvm::ArrayRef<mlir::Value> outerValues,
                mlir::ValueRange outerInit,
                llvm::function_ref<mlir::LogicalResult(mlir::OpBuilder &)> seed,
                mlir::OpBuilder &b, Scope &nested);

  /// Active float scalars defined outside `op` and used inside it.
  llvm::SmallVector<mlir::Value> outerScalars(mlir::Operation *op);
  /// Indices of the active float values among `values`.
  llvm::SmallVector<unsigned> activeFloats(mlir::ValueRange values);
  /// Indices of the active buffers among `values`.
  llvm::SmallVector<unsigned> activeBuffers(mlir::ValueRange values);

  /// The counters of the region op being reversed.
  llvm::ArrayRef<mlir::Value> counters() const { return scope->counters; }

  Engine &engine;
  const Activity &activity;
  const TapePlan &plan;

private:
  Scope *owner(mlir::Value value);
  mlir::FailureOr<mlir::Value> rerunOn(mlir::Operation *op,
                                       mlir::FailureOr<mlir::Value> source,
                                       mlir::OpBuilder &b);
  mlir::FailureOr<mlir::Value> primalBuffer(mlir::Value buffer,
                                            mlir::OpBuilder &b);
  mlir::LogicalResult reverseBlock(mlir::Block &block, mlir::OpBuilder &b);
  void restore(const Segment &segment, mlir::OpBuilder &b, mlir::Location loc);
  mlir::LogicalResult allocateShadows(mlir::Block &block, mlir::OpBuilder &b);
  mlir::LogicalResult reverseOp(mlir::Operation *op, mlir::OpBuilder &b);
  mlir::LogicalResult reverseScalarOp(mlir::Operation *op,
                                      const ScalarRule &rule,
                                      mlir::OpBuilder &b);

  Scope *scope = nullptr;
};

} // namespace cotangent::autodiff

#endif
