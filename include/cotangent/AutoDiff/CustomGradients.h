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
  /// Optional, for forward mode: @f's tangent function with every argument
  /// that can carry a tangent active (see tangentCarrying),
  ///   (args..., tangents of those args...)
  ///       -> (results..., tangents of float results...);
  /// the engine calls it, with zeros for inactive tangents, instead of
  /// differentiating @f's body. Null: derivatives through @f are built from
  /// reverse sweeps only (lower-gradients sees to it).
  mlir::func::FuncOp tangent;
  /// @f's signature before bufferization: which of its values are scalars
  /// (passed as values, results returned) and which are tensors (buffers,
  /// results written into out-buffers).
  mlir::FunctionType tensorType;
};

/// Whether a bufferized argument of this type can carry a tangent: a float,
/// or a buffer of floats.
inline bool tangentCarrying(mlir::Type type) {
  if (auto buffer = mlir::dyn_cast<mlir::MemRefType>(type))
    return mlir::isa<mlir::FloatType>(buffer.getElementType());
  return mlir::isa<mlir::FloatType>(type);
}

/// Custom gradients by the name of the function they belong to.
using CustomGradientTable = llvm::StringMap<CustomGradient>;

} // namespace cotangent::autodiff

#endif
