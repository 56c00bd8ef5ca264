//===- Rules.cpp - lookup of derivative rules and their builder -----------===//
#include "Rules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringMap.h"

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

const ScalarRule *cotangent::autodiff::lookupScalarRule(StringRef opName) {
  static const llvm::StringMap<const ScalarRule *> table = [] {
    llvm::StringMap<const ScalarRule *> map;
    for (ArrayRef<ScalarRule> rules : {arithRules(), mathRules()})
      for (const ScalarRule &rule : rules)
        map[rule.opName] = &rule;
    return map;
  }();
  return table.lookup(opName);
}
