//===- Activity.h - which values carry derivatives --------------*- C++ -*-===//
//
// A value is active when it depends on an active argument. Scalars are active
// through the ops that compute them; buffers are tracked per underlying
// allocation (a function argument or an alloc, seen through views): storing
// or copying active data into any view makes the whole allocation active.
// Integer and index values are never active. How activity crosses an op with
// an OpRule is that rule's business; any other op makes its results active
// when an operand is.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_ACTIVITY_H
#define COTANGENT_LIB_AUTODIFF_ACTIVITY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

namespace cotangent::autodiff {
class Engine;

/// Whether the type can carry a derivative: a float, or a buffer of floats.
bool isDifferentiableType(mlir::Type type);

/// The allocation a buffer value views (itself if it is not a view).
mlir::Value bufferRoot(mlir::Value buffer);

/// Whether `op` only reads its first operand, a buffer, into its one result:
/// running it again on the same memory gives the same value.
bool isPureRead(mlir::Operation *op);

/// Float buffer arguments of `function` that are only ever read (directly
/// or through views), never written, aliased otherwise, nor passed on.
llvm::SmallVector<unsigned>
readOnlyBufferArguments(mlir::func::FuncOp function);

class Activity {
public:
  /// Analyses `function` with the arguments `activeArgs` active.
  Activity(Engine &engine, mlir::func::FuncOp function,
           llvm::ArrayRef<unsigned> activeArgs);

  bool isActive(mlir::Value value) const;
  bool anyActive(mlir::ValueRange values) const;
  /// Indices of the active values among `values`.
  llvm::SmallVector<unsigned> activeIndices(mlir::ValueRange values) const;
  /// Whether `op` takes an active value into a result that cannot carry a
  /// derivative (a qubit, an observable, ...): differentiating through it
  /// would silently lose the derivative.
  bool losesDerivative(mlir::Operation *op) const;
  /// Argument indices that end up active: the given ones plus buffers that
  /// receive active data.
  llvm::SmallVector<unsigned> activeArguments() const;

  /// For rules: `to` becomes active if `from` is.
  void flow(mlir::Value from, mlir::Value to);
  /// For rules: `value` becomes active.
  void markActive(mlir::Value value);

  Engine &engine;

private:
  void propagate(mlir::Operation *op);

  mutable mlir::func::FuncOp function; // MLIR op handles have no const API
  llvm::DenseSet<mlir::Value> active;  ///< scalars and buffer roots
  bool changed = false;
};

} // namespace cotangent::autodiff

#endif
