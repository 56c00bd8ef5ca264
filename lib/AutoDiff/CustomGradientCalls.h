//===- CustomGradientCalls.h - calls of functions with custom_grad -*- C++
//-*-===//
//
// At a call of a function with a `gradient.custom_grad`, the forward sweep
// calls the custom gradient's forward function (the destination-passing
// triple of DESIGN.md, generated once from the user's functions) and keeps
// the residual tape it returns; the reverse sweep calls the reverse function
// with that tape.
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
  llvm::function_ref<void(mlir::Value scalar, mlir::Value contribution)>
      addAdjoint;
  llvm::function_ref<bool(mlir::Value)> isActive;
};

/// Forward sweep of `call` (whose operands are `operands` in the new code):
/// returns the values of the call's results.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitCustomForward(mlir::OpBuilder &b, Engine &engine, mlir::func::CallOp call,
                  mlir::ValueRange operands, CustomGradient &custom);

/// Reverse sweep of `call`.
mlir::LogicalResult emitCustomReverse(mlir::OpBuilder &b, Engine &engine,
                                      mlir::func::CallOp call,
                                      CustomGradient &custom,
                                      const ReverseAccess &access);

} // namespace cotangent::autodiff

#endif
