//===- ArithRules.cpp - derivative rules of the arith dialect -------------===//
//
// Comparisons, integer ops and int<->float conversions have no rule: their
// results are never active. arith.select of buffers (what an scf.if choosing
// between two existing buffers becomes) is an alias of either operand: its
// shadow and its tangent are the same select of the operands' shadows and
// tangents.
//
//===----------------------------------------------------------------------===//
#include "../Activity.h"
#include "../ReverseSweep.h"
#include "../RuleRegistry.h"
#include "../TangentSweep.h"
#include "../TapePlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
    {arith::AddFOp::getOperationName(), 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1), p.constant(1)};
     }},
    {arith::SubFOp::getOperationName(), 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1), p.constant(-1)};
     }},
    {arith::NegFOp::getOperationName(), 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(-1)};
     }},
    {arith::MulFOp::getOperationName(), reads({0, 1}), false,
     [](PartialBuilder &, ArrayRef<Value> x, Value) -> SmallVector<Value> {
       return {x[1], x[0]};
     }},
    // d(a/b) = 1/b da - (a/b)/b db, with one division: a division costs
    // several multiplications.
    {arith::DivFOp::getOperationName(), reads({1}), true,
     [](PartialBuilder &p, ArrayRef<Value> x, Value y) -> SmallVector<Value> {
       Value reciprocal = p.div(p.constant(1), x[1]);
       return {reciprocal, p.neg(p.mul(y, reciprocal))};
     }},
    // a rem b = a - b * trunc(a/b)
    {arith::RemFOp::getOperationName(), reads({0, 1}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> SmallVector<Value> {
       Value quotient = p.create<math::TruncOp>(p.div(x[0], x[1]));
       return {p.constant(1), p.neg(quotient)};
     }},
    {arith::MaximumFOp::getOperationName(), reads({0, 1}), false, maxPartials},
    {arith::MaxNumFOp::getOperationName(), reads({0, 1}), false, maxPartials},
    {arith::MinimumFOp::getOperationName(), reads({0, 1}), false, minPartials},
    {arith::MinNumFOp::getOperationName(), reads({0, 1}), false, minPartials},
    {arith::SelectOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> SmallVector<Value> {
       return {Value(), p.select(x[0], p.constant(1), p.constant(0)),
               p.select(x[0], p.constant(0), p.constant(1))};
     }},
    // Precision casts: the engine converts each contribution to the
    // operand's type.
    {arith::TruncFOp::getOperationName(), 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1)};
     }},
    {arith::ExtFOp::getOperationName(), 0, false,
     [](PartialBuilder &p, ArrayRef<Value>, Value) -> SmallVector<Value> {
       return {p.constant(1)};
     }},
};

namespace {

bool selectsBuffers(Operation *op) {
  return isa<MemRefType>(op->getResult(0).getType());
}

/// Reading through the select reads either operand; storing through it
/// stores into either.
void bufferSelectActivity(Operation *op, Activity &activity) {
  auto select = cast<arith::SelectOp>(op);
  for (Value operand : {select.getTrueValue(), select.getFalseValue()}) {
    activity.flow(operand, select.getResult());
    activity.flow(select.getResult(), operand);
  }
}

LogicalResult bufferSelectShadowNeeds(Operation *op, TapePlan &plan,
                                      llvm::SetVector<Value> &needs) {
  auto select = cast<arith::SelectOp>(op);
  needs.insert(select.getCondition());
  for (Value operand : {select.getTrueValue(), select.getFalseValue()})
    if (plan.activity.isActive(operand) &&
        failed(plan.shadowInputs(operand, needs)))
      return failure();
  return success();
}

FailureOr<Value> bufferSelectShadow(Operation *op, ReverseSweep &sweep,
                                    OpBuilder &b) {
  auto select = cast<arith::SelectOp>(op);
  FailureOr<Value> condition = sweep.primal(select.getCondition(), b);
  FailureOr<Value> onTrue = sweep.shadowOrScratch(select.getTrueValue(), b);
  FailureOr<Value> onFalse = sweep.shadowOrScratch(select.getFalseValue(), b);
  if (failed(condition) || failed(onTrue) || failed(onFalse))
    return failure();
  return arith::SelectOp::create(b, op->getLoc(), *condition, *onTrue, *onFalse)
      .getResult();
}

LogicalResult bufferSelectTangent(Operation *op, TangentSweep &sweep,
                                  OpBuilder &b) {
  auto select = cast<arith::SelectOp>(op);
  sweep.cloneOp(op, b);
  if (!sweep.activity.isActive(select.getResult()))
    return success();
  Location loc = op->getLoc();
  sweep.setTangent(select.getResult(),
                   arith::SelectOp::create(
                       b, loc, sweep.mapped(select.getCondition()),
                       sweep.tangentOrZero(b, loc, select.getTrueValue()),
                       sweep.tangentOrZero(b, loc, select.getFalseValue())));
  return success();
}

const OpRule kArithOpRules[] = {
    {.opName = arith::SelectOp::getOperationName(),
     .applies = selectsBuffers,
     .activity = bufferSelectActivity,
     .tangent = bufferSelectTangent,
     .shadowNeeds = bufferSelectShadowNeeds,
     .shadow = bufferSelectShadow},
};

} // namespace

DialectRules cotangent::autodiff::arithRules() {
  return {kArithRules, kArithOpRules, {}, {}};
}
