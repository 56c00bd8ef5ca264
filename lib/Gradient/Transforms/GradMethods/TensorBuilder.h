//===- TensorBuilder.h - tensor-level pieces of derivative code -*- C++ -*-===//
#ifndef COTANGENT_LIB_GRADIENT_GRADMETHODS_TENSORBUILDER_H
#define COTANGENT_LIB_GRADIENT_GRADMETHODS_TENSORBUILDER_H

#include "mlir/IR/Builders.h"

namespace cotangent::gradient {

int64_t numElements(mlir::Type type);
llvm::ArrayRef<int64_t> shapeOf(mlir::Type type);

class TensorBuilder {
public:
  TensorBuilder(mlir::OpBuilder &b, mlir::Location loc) : b(b), loc(loc) {}

  mlir::Value index(int64_t value);
  /// A float scalar or tensor filled with `value`.
  mlir::Value splat(mlir::Type type, double value);
  /// Row-major indices of the flat position `flat` in `shape`.
  llvm::SmallVector<mlir::Value> delinearize(mlir::Value flat,
                                             llvm::ArrayRef<int64_t> shape);
  /// `base` with `delta` added at `indices` (all of it for a scalar).
  mlir::Value addAt(mlir::Value base, llvm::ArrayRef<mlir::Value> indices,
                    mlir::Value delta);
  /// Writes `block` (of shape `blockShape`) into `target` at `indices` along
  /// the dimensions not covered by the block: the block's dimensions come
  /// first (`blockFirst`) or last.
  mlir::Value insertBlock(mlir::Value target, mlir::Value block,
                          llvm::ArrayRef<int64_t> blockShape,
                          llvm::ArrayRef<mlir::Value> indices, bool blockFirst);
  /// Sum of the elementwise product of two equally typed values.
  mlir::Value dot(mlir::Value x, mlir::Value y);
  /// A tensor of `type` that is one at the flat position `flat` and zero
  /// elsewhere (one for a scalar, when `flat` is null), and its indices.
  mlir::Value unit(mlir::Type type, mlir::Value flat,
                   llvm::SmallVector<mlir::Value> &indices);
  /// Runs `body(flatIndex, current)` for every element of `type` (once, with
  /// a null index, for a scalar), threading `init` through as loop values.
  llvm::SmallVector<mlir::Value> loopOverElements(
      mlir::Type type, mlir::ValueRange init,
      llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::Value,
                                                        mlir::ValueRange)>
          body);

  mlir::OpBuilder &b;
  mlir::Location loc;
};

} // namespace cotangent::gradient

#endif
