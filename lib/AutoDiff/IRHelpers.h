//===- IRHelpers.h - small IR builders shared by the emitters ---*- C++ -*-===//
#ifndef COTANGENT_LIB_AUTODIFF_IRHELPERS_H
#define COTANGENT_LIB_AUTODIFF_IRHELPERS_H

#include "mlir/IR/Builders.h"

namespace cotangent::autodiff {

/// A float zero of `type` (a float type).
mlir::Value zeroOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type);
/// `value` converted to the float type `type` (extf/truncf when they differ).
mlir::Value convertFloat(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, mlir::Type type);
/// `x + y` where either may be null (null stands for zero).
mlir::Value addOrNull(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                      mlir::Value y);
/// A new buffer like `like` (same type and dynamic sizes), zero-filled.
mlir::Value zeroBufferLike(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value like, mlir::ValueRange dynamicSizes);
/// Fills `buffer` with zeros.
void fillZero(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);
/// `target += source`, elementwise over two buffers of equal shape.
void accumulateInto(mlir::OpBuilder &b, mlir::Location loc, mlir::Value source,
                    mlir::Value target);
/// Number of iterations of `for (i = lb; i < ub; i += step)`.
mlir::Value tripCount(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lb,
                      mlir::Value ub, mlir::Value step);

/// Erases the terminator a builder may have put into a new block.
void dropTerminator(mlir::Block *block);

} // namespace cotangent::autodiff

#endif
