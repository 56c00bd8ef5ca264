//===- CustomGradients.h - the custom gradients the engine uses -*- C++ -*-===//
//
// A custom gradient in the lowered form of the calling convention
// (docs/calling-convention.md): after bufferization, for a function @f,
//
//   forward: @f.fwd(in_0, d_in_0, ..., out_m, d_out_m) -> tape
//   reverse: @f.rev(in_0, d_in_0, ..., out_m, d_out_m, tape)
//
// every argument a buffer (rank 0 for a scalar). The engine calls forward in
// the forward sweep and reverse in the reverse sweep at every call of @f.
// Producers fill the table before the engine runs: `gradient.custom_grad`
// (Gradient/Transforms/CustomGradTriples.cpp) is one; host callbacks and
// quantum circuits are others.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_AUTODIFF_CUSTOMGRADIENTS_H
#define COTANGENT_AUTODIFF_CUSTOMGRADIENTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"

namespace cotangent::autodiff {

struct CustomGradient {
  mlir::func::FuncOp forward;
  mlir::func::FuncOp reverse;
  /// @f's signature before bufferization: which of its values are scalars
  /// (passed as values, results returned) and which are tensors (buffers,
  /// results written into out-buffers).
  mlir::FunctionType tensorType;
};

/// Custom gradients by the name of the function they belong to.
using CustomGradientTable = llvm::StringMap<CustomGradient>;

} // namespace cotangent::autodiff

#endif
