//===- CustomGradientCalls.h - calls of functions with custom_grad -*- C++ -*-===//
//
// At a call of a function with a `gradient.custom_grad`, the forward sweep
// calls the user's forward function instead and saves its residuals on the
// tape (buffers element by element), one set per dynamic call; the reverse
// sweep restores them and calls the user's reverse function. Both user
// functions are bufferized: tensor results are trailing output buffers.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_CUSTOMGRADIENTCALLS_H
#define COTANGENT_LIB_AUTODIFF_CUSTOMGRADIENTCALLS_H

#include "cotangent/AutoDiff/Engine.h"
#include "mlir/IR/Builders.h"

namespace cotangent::autodiff {

/// What the reverse sweep lends to the code of one reversed call.
struct ReverseAccess {
  llvm::function_ref<mlir::FailureOr<mlir::Value>(mlir::Value buffer)> shadowOf;
  llvm::function_ref<mlir::Value(mlir::Value scalar)> adjointOrZero;
  llvm::function_ref<void(mlir::Value scalar, mlir::Value contribution)> addAdjoint;
  llvm::function_ref<bool(mlir::Value)> isActive;
};

/// Forward sweep of `call` (whose operands are `operands` in the new code):
/// returns the values of the call's results.
llvm::SmallVector<mlir::Value> emitCustomForward(mlir::OpBuilder &b,
                                                 mlir::func::CallOp call,
                                                 mlir::ValueRange operands,
                                                 const CustomGradient &custom);

/// Reverse sweep of `call`.
mlir::LogicalResult emitCustomReverse(mlir::OpBuilder &b, mlir::func::CallOp call,
                                      const CustomGradient &custom,
                                      const ReverseAccess &access);

} // namespace cotangent::autodiff

#endif
