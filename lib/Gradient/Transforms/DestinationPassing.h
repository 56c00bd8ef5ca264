//===- DestinationPassing.h - calling bufferized functions ------*- C++ -*-===//
//
// The generated forward and reverse functions of custom gradients call
// functions that bufferization turned into destination-passing style; these
// helpers speak that convention, given the function's tensor-level type.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_GRADIENT_TRANSFORMS_DESTINATIONPASSING_H
#define COTANGENT_LIB_GRADIENT_TRANSFORMS_DESTINATIONPASSING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace cotangent::gradient {

/// The empty forward and reverse functions of the triple of `callee`, whose
/// type before bufferization is `tensorType`, named @callee.fwd and
/// @callee.rev: (value, shadow) buffers per input and per result, the
/// forward returning the residual tape and the reverse taking it last.
std::pair<mlir::func::FuncOp, mlir::func::FuncOp>
createTripleFunctions(mlir::ModuleOp module, mlir::func::FuncOp callee,
                      mlir::FunctionType tensorType);

/// Calls `callee`, whose type before bufferization was `tensorType`, with one
/// buffer per input (a rank-0 buffer for a scalar, loaded for the call), and
/// writes its results into `outputs`, one buffer per result: shaped results
/// are passed as out-buffers, scalar results stored.
void callWithBuffers(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::func::FuncOp callee, mlir::FunctionType tensorType,
                     mlir::ValueRange inputs, mlir::ValueRange outputs);

} // namespace cotangent::gradient

#endif
