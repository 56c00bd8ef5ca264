//===- ArithRules.cpp - derivative rules of the arith dialect -------------===//
//
// Comparisons, integer ops and int<->float conversions have no rule: their
// results are never active.
//
//===----------------------------------------------------------------------===//
#include "Rules.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace cotangent::autodiff;

// Ties go to the first operand.
static SmallVector<Value> maxPartials(PartialBuilder &p, ArrayRef<Value> x,
                                      Value) {
  Value second = p.less(x[0], x[1]);
  return {p.select(second, p.constant(0), p.constant(1)),
          p.select(second, p.constant(1), p.constant(0))};
}

static SmallVector<Value> minPartials(PartialBuilder &p, ArrayRef<Value> x,
                                      Value) {
  Value second = p.less(x[1], x[0]);
  return {p.select(second, p.constant(0), p.constant(1)),
          p.select(second, p.constant(1), p.constant(0))};
}

static const ScalarRule kArithRules[] = {
    {"arith.addf", 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1), p.constant(1)};
     }},
    {"arith.subf", 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1), p.constant(-1)};
     }},
    {"arith.negf", 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(-1)};
     }},
    {"arith.mulf", reads({0, 1}), false,
     [](PartialBuilder &, ArrayRef<Value> x, Value) -> SmallVector<Value> {
       return {x[1], x[0]};
     }},
    // d(a/b) = 1/b da - (a/b)/b db
    {"arith.divf", reads({1}), true,
     [](PartialBuilder &p, ArrayRef<Value> x, Value y) -> SmallVector<Value> {
       return {p.div(p.constant(1), x[1]), p.neg(p.div(y, x[1]))};
     }},
    // a rem b = a - b * trunc(a/b)
    {"arith.remf", reads({0, 1}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> SmallVector<Value> {
       Value quotient = p.create<math::TruncOp>(p.div(x[0], x[1]));
       return {p.constant(1), p.neg(quotient)};
     }},
    {"arith.maximumf", reads({0, 1}), false, maxPartials},
    {"arith.maxnumf", reads({0, 1}), false, maxPartials},
    {"arith.minimumf", reads({0, 1}), false, minPartials},
    {"arith.minnumf", reads({0, 1}), false, minPartials},
    {"arith.select", reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> SmallVector<Value> {
       return {Value(), p.select(x[0], p.constant(1), p.constant(0)),
               p.select(x[0], p.constant(0), p.constant(1))};
     }},
    // Precision casts: the engine converts each contribution to the
    // operand's type.
    {"arith.truncf", 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1)};
     }},
    {"arith.extf", 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1)};
     }},
};

ArrayRef<ScalarRule> cotangent::autodiff::arithRules() { return kArithRules; }
