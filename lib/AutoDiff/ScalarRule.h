//===- ScalarRule.h - derivative rules of scalar operations -----*- C++ -*-===//
//
// A rule gives the partial derivatives of an op's result with respect to each
// operand, as IR built from the primal operands and result. One rule serves
// both modes: reverse (adjoint_i = adjoint * partial_i) and forward
// (tangent = sum_i tangent_i * partial_i). Each rule also says which primal
// values it reads, so the reverse sweep saves exactly those on the tape.
// The tables live one per dialect (Rules/<Dialect>Rules.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_SCALARRULE_H
#define COTANGENT_LIB_AUTODIFF_SCALARRULE_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace cotangent::autodiff {

/// Builds partial derivatives in the type of the op's result.
class PartialBuilder {
public:
  PartialBuilder(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type)
      : b(b), loc(loc), type(type) {}

  mlir::Value constant(double value);
  mlir::Value add(mlir::Value x, mlir::Value y);
  mlir::Value sub(mlir::Value x, mlir::Value y);
  mlir::Value mul(mlir::Value x, mlir::Value y);
  mlir::Value div(mlir::Value x, mlir::Value y);
  mlir::Value neg(mlir::Value x);
  /// `condition ? x : y`.
  mlir::Value select(mlir::Value condition, mlir::Value x, mlir::Value y);
  /// `x < y` (ordered).
  mlir::Value less(mlir::Value x, mlir::Value y);
  /// `value * partial`, an adjoint or tangent times a partial. A partial
  /// that selects between 0 and 1 (max, min, select) selects between 0 and
  /// `value` instead: a carried chain of adjoints then waits one cycle, not
  /// a multiplication, and the operand not chosen gets 0 even where `value`
  /// is infinite (0 * inf would be NaN).
  mlir::Value scale(mlir::Value value, mlir::Value partial);
  /// Builds any other op of the dialects in use.
  template <typename OpTy, typename... Args>
  mlir::Value create(Args &&...args) {
    return OpTy::create(b, loc, std::forward<Args>(args)...);
  }

  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Type type;
};

/// Partials of the result with respect to each operand; a null entry for an
/// operand the result does not depend on differentiably (e.g. a condition).
/// `operands` holds only the operands the rule declared it needs (others are
/// null), `result` is null unless declared.
using PartialsFn = llvm::SmallVector<mlir::Value> (*)(
    PartialBuilder &, llvm::ArrayRef<mlir::Value> operands, mlir::Value result);

struct ScalarRule {
  llvm::StringLiteral opName;
  /// Bit i set: the partials read operand i.
  unsigned operandsRead;
  /// The partials read the result.
  bool resultRead;
  PartialsFn partials;
};

/// Rule masks.
constexpr unsigned reads(std::initializer_list<unsigned> operands) {
  unsigned mask = 0;
  for (unsigned operand : operands)
    mask |= 1u << operand;
  return mask;
}

} // namespace cotangent::autodiff

#endif
