//===- ForwardSweep.cpp - the forward sweep of reverse mode ---------------===//
#include "ForwardSweep.h"

#include "RuleRegistry.h"
#include "TapePlan.h"

#include "cotangent/Gradient/IR/GradientOps.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePushOp;

LogicalResult ForwardSweep::emit(func::FuncOp primal, func::FuncOp target) {
  Block *entry = target.addEntryBlock();
  map.map(primal.getArguments(), entry->getArguments());
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  return emitBlock(primal.front(), b, {});
}

SmallVector<Value> ForwardSweep::mapped(ValueRange values) const {
  return llvm::map_to_vector(values, [&](Value v) { return map.lookup(v); });
}

LogicalResult ForwardSweep::emitBlock(Block &block, OpBuilder &b,
                                      ValueRange extraOperands) {
  for (const Segment &segment : plan.segments(&block)) {
    if (segment.regionOp) {
      SmallVector<Value> counters;
      if (failed(emitOp(segment.regionOp, b, counters)))
        return failure();
      push(counters, segment.saved, b, segment.regionOp->getLoc());
      for (Value buffer : segment.snapshots)
        saveBuffer(b, segment.regionOp->getLoc(), map.lookup(buffer));
      continue;
    }
    Operation *terminator = nullptr;
    for (Operation *op : segment.ops) {
      if (op->hasTrait<OpTrait::IsTerminator>()) {
        terminator = op;
        continue;
      }
      SmallVector<Value> none;
      if (failed(emitOp(op, b, none)))
        return failure();
    }
    Location loc =
        terminator ? terminator->getLoc() : segment.ops.back()->getLoc();
    push({}, segment.saved, b, loc);
    if (terminator) {
      Operation *clone = b.clone(*terminator, map);
      SmallVector<Value> operands(clone->getOperands());
      llvm::append_range(operands, extraOperands);
      clone->setOperands(operands);
    }
  }
  return success();
}

void ForwardSweep::push(ArrayRef<Value> counters,
                        const llvm::SetVector<Value> &saved, OpBuilder &b,
                        Location loc) {
  SmallVector<Value> values(counters);
  for (Value value : saved)
    values.push_back(map.lookup(value));
  if (!values.empty())
    TapePushOp::create(b, loc, values);
}

LogicalResult ForwardSweep::emitOp(Operation *op, OpBuilder &b,
                                   SmallVectorImpl<Value> &counters) {
  if (const OpRule *rule = lookupOpRule(op); rule && rule->replay)
    return rule->replay(op, *this, b, counters);
  b.clone(*op, map);
  return success();
}
