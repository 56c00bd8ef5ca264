//===- Activity.cpp - which values carry derivatives ----------------------===//
#include "Activity.h"

#include "cotangent/AutoDiff/CallGraph.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace cotangent::autodiff;

bool cotangent::autodiff::isDifferentiableType(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return isa<FloatType>(memref.getElementType());
  return isa<FloatType>(type);
}

bool cotangent::autodiff::isViewOp(Operation *op) {
  return isa<memref::SubViewOp, memref::CastOp, memref::ReinterpretCastOp,
             memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::TransposeOp>(op);
}

Value cotangent::autodiff::bufferRoot(Value buffer) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (!isViewOp(def))
      break;
    buffer = def->getOperand(0);
  }
  return buffer;
}

bool cotangent::autodiff::usesTape(func::FuncOp function) {
  return reachesOp(function, [](Operation *op) {
    return isa<cotangent::gradient::TapePushOp, cotangent::gradient::TapePopOp>(
        op);
  });
}

/// Whether every use of `buffer` (and of its views) only reads it.
static bool onlyLoaded(Value buffer) {
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::LoadOp, memref::DimOp>(user))
      continue;
    if (isViewOp(user) && user->getOperand(0) == buffer &&
        onlyLoaded(user->getResult(0)))
      continue;
    return false;
  }
  return true;
}

SmallVector<unsigned>
cotangent::autodiff::readOnlyBufferArguments(func::FuncOp function) {
  SmallVector<unsigned> indices;
  for (BlockArgument arg : function.getArguments())
    if (isa<MemRefType>(arg.getType()) && isDifferentiableType(arg.getType()) &&
        onlyLoaded(arg))
      indices.push_back(arg.getArgNumber());
  return indices;
}

Activity::Activity(func::FuncOp function, ArrayRef<unsigned> activeArgs)
    : function(function) {
  for (unsigned index : activeArgs)
    mark(function.getArgument(index));
  bool changed = true;
  while (changed) {
    changed = false;
    function.walk([&](Operation *op) { propagate(op, changed); });
  }
}

bool Activity::callUsesTape(func::CallOp call) {
  auto [it, inserted] =
      tapeCalls.try_emplace(call.getCalleeAttr().getAttr(), false);
  if (inserted)
    if (auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr()))
      it->second = usesTape(callee);
  return it->second;
}

bool Activity::mark(Value value) {
  if (!isDifferentiableType(value.getType()))
    return false;
  if (isa<MemRefType>(value.getType()))
    value = bufferRoot(value);
  return active.insert(value).second;
}

bool Activity::isActive(Value value) const {
  if (!isDifferentiableType(value.getType()))
    return false;
  if (isa<MemRefType>(value.getType()))
    value = bufferRoot(value);
  return active.contains(value);
}

bool Activity::losesDerivative(Operation *op) const {
  if (!llvm::any_of(op->getOperands(), [&](Value v) { return isActive(v); }))
    return false;
  return llvm::any_of(op->getResultTypes(), [](Type type) {
    return !isa<FloatType, IntegerType, IndexType, MemRefType>(type);
  });
}

bool Activity::isActiveCall(func::CallOp call) {
  return llvm::any_of(call.getOperands(),
                      [&](Value v) { return isActive(v); }) ||
         callUsesTape(call);
}

SmallVector<unsigned> Activity::activeOperands(func::CallOp call) const {
  SmallVector<unsigned> indices;
  for (auto [i, operand] : llvm::enumerate(call.getOperands()))
    if (isActive(operand))
      indices.push_back(i);
  return indices;
}

SmallVector<unsigned> Activity::activeArguments() const {
  SmallVector<unsigned> indices;
  for (BlockArgument arg : function.getArguments())
    if (isActive(arg))
      indices.push_back(arg.getArgNumber());
  return indices;
}

void Activity::propagate(Operation *op, bool &changed) {
  auto flow = [&](Value from, Value to) {
    if (isActive(from))
      changed |= mark(to);
  };
  auto anyActive = [&](ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return isActive(v); });
  };
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return flow(store.getValueToStore(), store.getMemRef());
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return flow(copy.getSource(), copy.getTarget());
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return flow(load.getMemRef(), load.getResult());
  if (isViewOp(op))
    return; // views share their root's activity
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    for (auto [init, arg, result, yielded] :
         llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs(),
                   loop.getResults(), loop.getYieldedValues())) {
      flow(init, arg);
      flow(yielded, arg);
      flow(yielded, result);
    }
    return;
  }
  if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    scf::ConditionOp condition = loop.getConditionOp();
    for (auto [init, arg] :
         llvm::zip(loop.getInits(), loop.getBeforeArguments()))
      flow(init, arg);
    for (auto [yielded, arg] :
         llvm::zip(loop.getYieldedValues(), loop.getBeforeArguments()))
      flow(yielded, arg);
    for (auto [forwarded, after, result] :
         llvm::zip(condition.getArgs(), loop.getAfterArguments(),
                   loop.getResults())) {
      flow(forwarded, after);
      flow(forwarded, result);
    }
    return;
  }
  if (auto branch = dyn_cast<scf::IfOp>(op)) {
    for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
      if (!region->empty())
        for (auto [yielded, result] :
             llvm::zip(region->front().getTerminator()->getOperands(),
                       branch.getResults())) {
          flow(yielded, result);
          // A yielded buffer is the result's memory: active data stored
          // through the result lands in it.
          if (isa<MemRefType>(result.getType()))
            flow(result, yielded);
        }
    return;
  }
  if (auto call = dyn_cast<func::CallOp>(op)) {
    // Conservative across calls: any active argument (or the tape) may reach
    // every result and every buffer the callee receives.
    if (!anyActive(op->getOperands()) && !callUsesTape(call))
      return;
    for (Value operand : op->getOperands())
      if (isa<MemRefType>(operand.getType()))
        changed |= mark(operand);
    for (Value result : op->getResults())
      changed |= mark(result);
    return;
  }
  if (isa<cotangent::gradient::TapePopOp>(op)) {
    // Popped floats may carry derivatives pushed by the matching push.
    for (Value result : op->getResults())
      changed |= mark(result);
    return;
  }
  if (op->getNumRegions() == 0 && anyActive(op->getOperands()))
    for (Value result : op->getResults())
      changed |= mark(result);
}
