//===- CustomGradientCalls.h - calls of functions with custom gradients -*- C++
//-*-===//
//
// At a call of a function with a custom gradient (CustomGradients.h), the
// forward sweep calls its forward function and keeps the residual tape it
// returns on the derivative tape (one per dynamic call); the reverse sweep
// takes it back and calls the reverse function with it.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_CUSTOMGRADIENTCALLS_H
#define COTANGENT_LIB_AUTODIFF_CUSTOMGRADIENTCALLS_H

#include "cotangent/AutoDiff/CustomGradients.h"
#include "mlir/IR/Builders.h"

namespace cotangent::autodiff {
class ReverseSweep;

/// Forward sweep of `call` (whose operands are `operands` in the new code):
/// returns the values of the call's results.
llvm::SmallVector<mlir::Value> emitCustomForward(mlir::OpBuilder &b,
                                                 mlir::func::CallOp call,
                                                 mlir::ValueRange operands,
                                                 const CustomGradient &custom);

/// Reverse sweep of `call`.
mlir::LogicalResult emitCustomReverse(mlir::OpBuilder &b,
                                      mlir::func::CallOp call,
                                      const CustomGradient &custom,
                                      ReverseSweep &sweep);

} // namespace cotangent::autodiff

#endif
