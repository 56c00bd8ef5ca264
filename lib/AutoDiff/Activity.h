//===- Activity.h - which values carry derivatives --------------*- C++ -*-===//
//
// A value is active when it depends on an active argument. Scalars are active
// through the ops that compute them; buffers are tracked per underlying
// allocation (a function argument or an alloc, seen through views): storing
// or copying active data into any view makes the whole allocation active.
// Integer and index values are never active.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_ACTIVITY_H
#define COTANGENT_LIB_AUTODIFF_ACTIVITY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

namespace cotangent::autodiff {

/// Whether the type can carry a derivative: a float, or a buffer of floats.
bool isDifferentiableType(mlir::Type type);

/// The allocation a buffer value views (itself if it is not a view).
mlir::Value bufferRoot(mlir::Value buffer);

/// Whether `op` makes a view of its first operand.
bool isViewOp(mlir::Operation *op);

/// Whether `function`, or anything it calls, pushes to or pops from the
/// derivative tape: such calls carry derivatives through the tape even when
/// none of their arguments is active.
bool usesTape(mlir::func::FuncOp function);

/// Float buffer arguments of `function` that are only ever loaded from
/// (directly or through views), never written nor passed on.
llvm::SmallVector<unsigned>
readOnlyBufferArguments(mlir::func::FuncOp function);

class Activity {
public:
  /// Analyses `function` with the arguments `activeArgs` active.
  Activity(mlir::func::FuncOp function, llvm::ArrayRef<unsigned> activeArgs);

  bool isActive(mlir::Value value) const;
  /// Whether `op` takes an active value into a result that cannot carry a
  /// derivative (a qubit, an observable, ...): differentiating through it
  /// would silently lose the derivative.
  bool losesDerivative(mlir::Operation *op) const;
  /// Whether a call must be differentiated: an active argument, or a callee
  /// that uses the tape.
  bool isActiveCall(mlir::func::CallOp call);
  /// Indices of the call's active operands.
  llvm::SmallVector<unsigned> activeOperands(mlir::func::CallOp call) const;
  /// Argument indices that end up active: the given ones plus buffers that
  /// receive active data.
  llvm::SmallVector<unsigned> activeArguments() const;

private:
  void propagate(mlir::Operation *op, bool &changed);
  bool mark(mlir::Value value);
  bool callUsesTape(mlir::func::CallOp call);

  mutable mlir::func::FuncOp function; // MLIR op handles have no const API
  llvm::DenseSet<mlir::Value> active;  ///< scalars and buffer roots
  llvm::DenseMap<mlir::Attribute, bool> tapeCalls; ///< callee -> usesTape
};

} // namespace cotangent::autodiff

#endif
