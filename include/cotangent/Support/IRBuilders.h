//===- IRBuilders.h - small IR builders for derivative code -----*- C++ -*-===//
//
// Shared by the AD engine and the gradient transforms.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_SUPPORT_IRBUILDERS_H
#define COTANGENT_SUPPORT_IRBUILDERS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace cotangent {

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
/// Runs `body` (given a builder inside the loops) on every index of
/// `buffer`, in row-major order or (`backwards`) in exactly the opposite
/// order.
void forEachIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer,
                  bool backwards,
                  llvm::function_ref<void(mlir::OpBuilder &, mlir::Location,
                                          mlir::ValueRange)>
                      body);
/// Fills `buffer` with zeros.
void fillZero(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);
/// `target += source`, elementwise over two buffers of equal shape.
void accumulateInto(mlir::OpBuilder &b, mlir::Location loc, mlir::Value source,
                    mlir::Value target);
/// Number of iterations of `for (i = lb; i < ub; i += step)`.
mlir::Value tripCount(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lb,
                      mlir::Value ub, mlir::Value step);

/// The buffer that carries a value of tensor-level type `type` (a rank-0
/// buffer for a scalar).
mlir::MemRefType bufferTypeOf(mlir::Type type);
/// A new buffer for a value of tensor-level type `type`.
mlir::Value newBufferFor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Type type);
/// A rank-0 buffer holding the scalar `value`.
mlir::Value boxed(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value);
/// The scalar a rank-0 buffer holds.
mlir::Value unboxed(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);

/// A new private function named `base` + `suffix` (renamed if taken), placed
/// after `base`, for code derived from it (a derivative, a sweep, a
/// buffer-passing form). It records which program function it comes from
/// (see sourceFunctionName), for messages about it at run time.
mlir::func::FuncOp createDerivedFunction(mlir::ModuleOp module,
                                         mlir::func::FuncOp base,
                                         llvm::StringRef suffix,
                                         mlir::FunctionType type);
/// The program's function `function` was derived from, or null when it is
/// one of the program's own.
mlir::StringAttr sourceFunctionName(mlir::func::FuncOp function);

/// Erases the terminator a builder may have put into a new block.
void dropTerminator(mlir::Block *block);

} // namespace cotangent

#endif
