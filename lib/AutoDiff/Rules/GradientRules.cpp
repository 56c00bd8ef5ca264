//===- GradientRules.cpp - derivatives of the derivative tape -------------===//
//
// Forward mode over a reverse sweep (second derivatives) runs through the
// tape: a push saves the tangents of its floats beside them, and the matching
// pop takes both back. Reverse mode over the tape is not supported (the
// gradient lowering picks forward over reverse instead).
//
//===----------------------------------------------------------------------===//
#include "../Activity.h"
#include "../RuleRegistry.h"
#include "../TangentSweep.h"
#include "../TapePlan.h"

#include "cotangent/Gradient/IR/GradientOps.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;
using cotangent::gradient::TapePushOp;

namespace {

LogicalResult noReverse(Operation *op, TapePlan &plan,
                        llvm::SetVector<Value> &) {
  if (!plan.activity.anyActive(op->getOperands()) &&
      !plan.activity.anyActive(op->getResults()))
    return success();
  return plan.engine.emitError(op)
         << "cannot differentiate '" << op->getName() << "' in reverse mode";
}

LogicalResult pushTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto push = cast<TapePushOp>(op);
  SmallVector<Value> values = sweep.mapped(push.getValues());
  for (Value value : push.getValues())
    if (isa<FloatType>(value.getType()))
      values.push_back(sweep.tangentOrZero(b, op->getLoc(), value));
  TapePushOp::create(b, op->getLoc(), values);
  return success();
}

/// Popped floats may carry derivatives pushed by the matching push.
void popActivity(Operation *op, Activity &activity) {
  for (Value result : op->getResults())
    activity.markActive(result);
}

LogicalResult popTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  SmallVector<Type> types(op->getResultTypes());
  for (Type type : op->getResultTypes())
    if (isa<FloatType>(type))
      types.push_back(type);
  auto clone = TapePopOp::create(b, op->getLoc(), types);
  sweep.mapResults(op, clone);
  return success();
}

const OpRule kGradientRules[] = {
    {.opName = TapePushOp::getOperationName(),
     .tapeNeeds = noReverse,
     .tangent = pushTangent},
    {.opName = TapePopOp::getOperationName(),
     .activity = popActivity,
     .tapeNeeds = noReverse,
     .tangent = popTangent},
};

} // namespace

DialectRules cotangent::autodiff::gradientRules() {
  return {{}, kGradientRules, {}, {}};
}
