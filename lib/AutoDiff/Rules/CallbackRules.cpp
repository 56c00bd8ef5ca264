//===- CallbackRules.cpp - derivatives of host callbacks ------------------===//
//
// A callback's derivative is its host gradient, which specialize-callbacks
// registers as the custom gradient of the callback's function: the engine
// calls that and never looks inside. What it does reach is the runtime call
// of a callback the host gave no gradient: harmless while no derivative
// flows through it (it is replayed as it is: a callback without outputs
// runs once per forward sweep), an error naming the callback when one does.
// callback.print needs no rule: it has no results.
//
//===----------------------------------------------------------------------===//
#include "../Activity.h"
#include "../RuleRegistry.h"
#include "../TangentSweep.h"
#include "../TapePlan.h"

#include "cotangent/AutoDiff/Engine.h"
#include "cotangent/Callback/IR/CallbackOps.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::callback::InvokeOp;

namespace {

LogicalResult noGradient(Operation *op, Engine &engine,
                         const Activity &activity) {
  // A derivative flows through when an active input reaches an active
  // output (a result, or a buffer the call writes, its last operands).
  auto invoke = cast<InvokeOp>(op);
  OperandRange args = invoke.getArgs();
  auto numInputs = args.size() - invoke.getNumOutputs();
  bool activeInput = activity.anyActive(args.take_front(numInputs));
  bool activeOutput = activity.anyActive(op->getResults()) ||
                      activity.anyActive(args.drop_front(numInputs));
  if (!activeInput || !activeOutput)
    return success();
  if (invoke.getInvocation() != cotangent::callback::Invocation::primal)
    return engine.emitError(op)
           << "cannot take a second derivative through the host callback @"
           << invoke.getCallback()
           << ": its host gradient has no derivative (use method = \"fd\" "
              "for one of the two derivatives)";
  return engine.emitError(op)
         << "cannot differentiate through the host callback @"
         << invoke.getCallback()
         << ": the host registered no gradient for it (register one with its "
            "primal, or use method = \"fd\")";
}

LogicalResult reverseNeeds(Operation *op, TapePlan &plan,
                           llvm::SetVector<Value> &) {
  return noGradient(op, plan.engine, plan.activity);
}

LogicalResult tangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  if (failed(noGradient(op, sweep.engine, sweep.activity)))
    return failure();
  sweep.cloneOp(op, b);
  return success();
}

const OpRule kCallbackRules[] = {
    {.opName = InvokeOp::getOperationName(),
     .tapeNeeds = reverseNeeds,
     .tangent = tangent},
};

} // namespace

DialectRules cotangent::autodiff::callbackRules() {
  return {{}, kCallbackRules, {}, {}};
}
