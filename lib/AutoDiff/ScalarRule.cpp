//===- ScalarRule.cpp - the builder of partial derivatives ----------------===//
#include "ScalarRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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
