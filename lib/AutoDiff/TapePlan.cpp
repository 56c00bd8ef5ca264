//===- TapePlan.cpp - what the reverse sweep needs from the forward -------===//
#include "TapePlan.h"

#include "Activity.h"
#include "Rules.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace cotangent::autodiff;

bool TapePlan::isRebuilt(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>();
}

LogicalResult TapePlan::shadowInputs(Value buffer,
                                     llvm::SetVector<Value> &inputs) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(buffer)) {
      // Function arguments have shadows from the caller; loop-carried
      // buffers have theirs carried by the reversed loop.
      if (isa<func::FuncOp, scf::ForOp>(arg.getOwner()->getParentOp()))
        return success();
      return engine.emitError(arg.getOwner()->getParentOp())
             << "cannot differentiate a buffer carried by '"
             << arg.getOwner()->getParentOp()->getName()
             << "': pass buffers into loops and branches from outside instead";
    }
    Operation *def = buffer.getDefiningOp();
    if (isa<memref::AllocOp, memref::AllocaOp>(def))
      return success();
    if (isa<scf::ForOp, scf::IfOp>(def)) {
      if (!cast<MemRefType>(buffer.getType()).hasStaticShape())
        return engine.emitError(def)
               << "cannot differentiate a buffer of dynamic "
                  "shape yielded by '"
               << def->getName() << "'";
      return success();
    }
    if (!isViewOp(def))
      return engine.emitError(def)
             << "cannot differentiate the buffer produced by '"
             << def->getName() << "'";
    for (Value operand : def->getOperands().drop_front())
      inputs.insert(operand);
    buffer = def->getOperand(0);
  }
}

LogicalResult TapePlan::need(Value value, llvm::SetVector<Value> &out) {
  auto load = value.getDefiningOp<memref::LoadOp>();
  if (!load || !rereadBuffers.contains(bufferRoot(load.getMemRef()))) {
    out.insert(value);
    return success();
  }
  reloaded.insert(value);
  out.insert(load.getIndices().begin(), load.getIndices().end());
  return shadowInputs(load.getMemRef(), out); // a view's operands
}

LogicalResult TapePlan::requirements(Operation *op,
                                     llvm::SetVector<Value> &out) {
  auto isActive = [&](Value v) { return activity.isActive(v); };
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    if (!isActive(load.getResult()))
      return success();
    out.insert(load.getIndices().begin(), load.getIndices().end());
    return shadowInputs(load.getMemRef(), out);
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    if (!isActive(store.getMemRef()))
      return success();
    out.insert(store.getIndices().begin(), store.getIndices().end());
    return shadowInputs(store.getMemRef(), out);
  }
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    if (!isActive(copy.getTarget()))
      return success();
    if (isActive(copy.getSource()) &&
        failed(shadowInputs(copy.getSource(), out)))
      return failure();
    return shadowInputs(copy.getTarget(), out);
  }
  if (isa<func::CallOp>(op)) {
    if (!llvm::any_of(op->getOperands(), isActive))
      return success();
    for (Value operand : op->getOperands())
      if (isa<MemRefType>(operand.getType()) && isActive(operand) &&
          failed(shadowInputs(operand, out)))
        return failure();
    return success();
  }
  if (op->getNumRegions() > 0 && llvm::any_of(op->getOperands(), isActive))
    return engine.emitError(op) << "cannot differentiate '" << op->getName()
                                << "': ops with regions other than scf.for, "
                                   "scf.while and scf.if are not supported";
  if (activity.losesDerivative(op))
    return engine.emitError(op)
           << "cannot differentiate through '" << op->getName()
           << "': its results cannot carry derivatives";
  if (!llvm::any_of(op->getResults(), [&](Value result) {
        return isa<FloatType>(result.getType()) && isActive(result);
      }))
    return success();
  const ScalarRule *rule = lookupScalarRule(op->getName().getStringRef());
  if (!rule || op->getNumResults() != 1)
    return engine.emitError(op) << "cannot differentiate '" << op->getName()
                                << "': it has no derivative rule";
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if ((rule->operandsRead & (1u << i)) && failed(need(operand, out)))
      return failure();
  if (rule->resultRead)
    out.insert(op->getResult(0));
  return success();
}

LogicalResult TapePlan::plan(Block &block) {
  SmallVector<Segment> &segments = segmentsOf[&block];
  llvm::SetVector<Value> &outer = escaping[&block];
  // The reversed loop recomputes its induction variable from its own counter.
  auto loop = dyn_cast<scf::ForOp>(block.getParentOp());
  Value inductionVar = loop ? loop.getInductionVar() : Value();
  auto split = [&](Segment &segment, const llvm::SetVector<Value> &needs) {
    for (Value value : needs) {
      if (isRebuilt(value) || value == inductionVar)
        continue;
      if (value.getParentBlock() == &block)
        segment.saved.insert(value);
      else
        outer.insert(value);
    }
  };

  for (Operation &op : block) {
    if (op.getNumRegions() > 0 &&
        isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op)) {
      Segment segment;
      segment.regionOp = &op;
      llvm::SetVector<Value> needs;
      if (auto loop = dyn_cast<scf::ForOp>(op))
        for (Value bound :
             {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
          needs.insert(bound);
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        needs.insert(branch.getCondition());
        // A branch yielding an outer buffer hands that buffer's shadow the
        // result's adjoints.
        for (Region &region : branch->getRegions())
          for (auto [yielded, result] :
               llvm::zip(region.empty()
                             ? ValueRange()
                             : region.front().getTerminator()->getOperands(),
                         branch.getResults()))
            if (isa<MemRefType>(result.getType()) &&
                activity.isActive(result) &&
                yielded.getParentRegion() != &region &&
                failed(shadowInputs(yielded, needs)))
              return failure();
      }
      for (Region &region : op.getRegions()) {
        if (region.empty())
          continue;
        if (failed(plan(region.front())))
          return failure();
        needs.insert(escaping[&region.front()].begin(),
                     escaping[&region.front()].end());
      }
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
    if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
        activity.isActive(op.getResult(0)))
      allocationSizes.insert(op.getOperands().begin(), op.getOperands().end());
  for (auto [i, segment] : llvm::enumerate(segments)) {
    if (segment.regionOp)
      continue;
    llvm::SetVector<Value> needs;
    for (Operation *op : segment.ops)
      if (failed(requirements(op, needs)))
        return failure();
    if (i + 1 == segments.size())
      needs.insert(allocationSizes.begin(), allocationSizes.end());
    split(segment, needs);
  }
  return success();
}
