//===- TapePlan.cpp - what the reverse sweep needs from the forward -------===//
#include "TapePlan.h"

#include "Activity.h"
#include "RuleRegistry.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace cotangent::autodiff;

bool TapePlan::isRebuilt(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>();
}

LogicalResult TapePlan::shadowInputs(Value buffer,
                                     llvm::SetVector<Value> &needs) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(buffer)) {
      // Function arguments have shadows from the caller; buffers carried by
      // a region op have theirs carried by its reverse.
      Operation *owner = arg.getOwner()->getParentOp();
      if (isa<FunctionOpInterface>(owner))
        return success();
      if (const OpRule *rule = lookupOpRule(owner);
          rule && rule->carriesBuffers)
        return success();
      return engine.emitError(owner)
             << "cannot differentiate a buffer carried by '" << owner->getName()
             << "': pass buffers into loops and branches from outside instead";
    }
    Operation *def = buffer.getDefiningOp();
    if (isAllocationOp(def))
      return success();
    if (const OpRule *rule = lookupOpRule(def); rule && rule->shadowNeeds)
      return rule->shadowNeeds(def, *this, needs);
    if (def->getNumRegions() > 0 && lookupOpRule(def)) {
      if (!cast<MemRefType>(buffer.getType()).hasStaticShape())
        return engine.emitError(def)
               << "cannot differentiate a buffer of dynamic shape yielded by '"
               << def->getName() << "'";
      return success();
    }
    if (!isViewOp(def))
      return engine.emitError(def)
             << "cannot differentiate the buffer produced by '"
             << def->getName() << "'";
    for (Value operand : def->getOperands().drop_front())
      needs.insert(operand);
    buffer = def->getOperand(0);
  }
}

LogicalResult TapePlan::need(Value value, llvm::SetVector<Value> &needs) {
  Operation *def = value.getDefiningOp();
  if (!isPureRead(def)) {
    needs.insert(value);
    return success();
  }
  Value buffer = bufferRoot(def->getOperand(0));
  if (!rereadBuffers.contains(buffer)) {
    Operation *owner = bufferSnapshots.owner(enclosing, def, buffer);
    if (!owner) {
      needs.insert(value);
      return success();
    }
    snapshotsOf[owner].insert(buffer);
  }
  reloaded.insert(value);
  for (Value operand : def->getOperands().drop_front())
    if (failed(need(operand, needs)))
      return failure();
  return shadowInputs(def->getOperand(0), needs); // a view's operands
}

LogicalResult TapePlan::plainNeeds(Operation *op,
                                   llvm::SetVector<Value> &needs) {
  if (const OpRule *rule = lookupOpRule(op))
    return rule->tapeNeeds ? rule->tapeNeeds(op, *this, needs) : success();
  FailureOr<const ScalarRule *> rule = scalarRuleToApply(engine, activity, op);
  if (failed(rule))
    return failure();
  if (!*rule)
    return success();
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (((*rule)->operandsRead & (1u << i)) && failed(need(operand, needs)))
      return failure();
  if ((*rule)->resultRead)
    needs.insert(op->getResult(0));
  return success();
}

LogicalResult TapePlan::plan(Block &block) {
  // Built locally: planning nested blocks adds to the maps, which may move
  // their entries.
  SmallVector<Segment> segments;
  llvm::SetVector<Value> outer;
  const OpRule *parentRule = lookupOpRule(block.getParentOp());
  Value rebuilt = parentRule && parentRule->rebuiltArgument
                      ? parentRule->rebuiltArgument(block)
                      : Value();
  auto split = [&](Segment &segment, const llvm::SetVector<Value> &needs) {
    for (Value value : needs) {
      if (isRebuilt(value) || value == rebuilt)
        continue;
      if (value.getParentBlock() == &block)
        segment.saved.insert(value);
      else
        outer.insert(value);
    }
  };

  for (Operation &op : block) {
    const OpRule *rule = lookupOpRule(&op);
    if (op.getNumRegions() > 0 && rule) {
      Segment segment;
      segment.regionOp = &op;
      llvm::SetVector<Value> needs;
      counters = &segment.counters;
      if (rule->tapeNeeds && failed(rule->tapeNeeds(&op, *this, needs)))
        return failure();
      enclosing.push_back(&op);
      for (Region &region : op.getRegions()) {
        if (region.empty())
          continue;
        if (failed(plan(region.front())))
          return failure();
        const llvm::SetVector<Value> &inner = escaping[&region.front()];
        needs.insert(inner.begin(), inner.end());
      }
      enclosing.pop_back();
      segment.snapshots = snapshotsOf.lookup(&op);
      split(segment, needs);
      segments.push_back(std::move(segment));
      continue;
    }
    if (segments.empty() || segments.back().regionOp)
      segments.emplace_back();
    segments.back().ops.push_back(&op);
  }

  // Needs of plain segments; shadows of allocations are made when the
  // reverse sweep enters the block, after the last segment's values are back.
  llvm::SetVector<Value> allocationSizes;
  for (Operation &op : block)
    if (isAllocationOp(&op) && activity.isActive(op.getResult(0)))
      allocationSizes.insert(op.getOperands().begin(), op.getOperands().end());
  for (auto [i, segment] : llvm::enumerate(segments)) {
    if (segment.regionOp)
      continue;
    llvm::SetVector<Value> needs;
    for (Operation *op : segment.ops)
      if (failed(plainNeeds(op, needs)))
        return failure();
    if (i + 1 == segments.size())
      needs.insert(allocationSizes.begin(), allocationSizes.end());
    split(segment, needs);
  }
  segmentsOf[&block] = std::move(segments);
  escaping[&block] = std::move(outer);
  return success();
}
