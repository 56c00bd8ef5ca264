//===- ScalarRule.cpp - the builder of partial derivatives ----------------===//
#include "ScalarRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <optional>

using namespace mlir;
using namespace cotangent::autodiff;

Value PartialBuilder::constant(double value) {
  return arith::ConstantOp::create(b, loc, FloatAttr::get(type, value));
}
Value PartialBuilder::add(Value x, Value y) {
  return arith::AddFOp::create(b, loc, x, y);
}
Value PartialBuilder::sub(Value x, Value y) {
  return arith::SubFOp::create(b, loc, x, y);
}
Value PartialBuilder::mul(Value x, Value y) {
  return arith::MulFOp::create(b, loc, x, y);
}
Value PartialBuilder::div(Value x, Value y) {
  return arith::DivFOp::create(b, loc, x, y);
}
Value PartialBuilder::neg(Value x) { return arith::NegFOp::create(b, loc, x); }
Value PartialBuilder::select(Value condition, Value x, Value y) {
  return arith::SelectOp::create(b, loc, condition, x, y);
}
Value PartialBuilder::less(Value x, Value y) {
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
}

namespace {
/// The value of a partial that is the constant 0 or 1.
std::optional<double> zeroOrOne(Value partial) {
  auto constant = partial.getDefiningOp<arith::ConstantOp>();
  auto value = constant ? dyn_cast<FloatAttr>(constant.getValue()) : nullptr;
  if (!value ||
      (!value.getValue().isPosZero() && !value.getValue().isExactlyValue(1.0)))
    return std::nullopt;
  return value.getValueAsDouble();
}
} // namespace

Value PartialBuilder::scale(Value value, Value partial) {
  if (auto choice = partial.getDefiningOp<arith::SelectOp>()) {
    std::optional<double> onTrue = zeroOrOne(choice.getTrueValue());
    std::optional<double> onFalse = zeroOrOne(choice.getFalseValue());
    if (onTrue && onFalse && value.getType() == partial.getType()) {
      Value zero = constant(0);
      auto pick = [&](double factor) { return factor == 0 ? zero : value; };
      return select(choice.getCondition(), pick(*onTrue), pick(*onFalse));
    }
  }
  return mul(value, partial);
}
