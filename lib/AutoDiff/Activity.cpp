//===- Activity.cpp - which values carry derivatives ----------------------===//
#include "Activity.h"

#include "RuleRegistry.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace cotangent::autodiff;

bool cotangent::autodiff::isDifferentiableType(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return isa<FloatType>(memref.getElementType());
  return isa<FloatType>(type);
}

Value cotangent::autodiff::bufferRoot(Value buffer) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (!isViewOp(def))
      break;
    buffer = def->getOperand(0);
  }
  return buffer;
}

bool cotangent::autodiff::isPureRead(Operation *op) {
  auto effects = dyn_cast_or_null<MemoryEffectOpInterface>(op);
  if (!effects || op->getNumResults() != 1 || op->getNumOperands() == 0 ||
      !isa<MemRefType>(op->getOperand(0).getType()))
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// Whether every use of `buffer` (and of its views) only reads it: ops that
/// declare no effect on it but reads, and make no other alias of it.
static bool onlyRead(Value buffer) {
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (isViewOp(user) && use.getOperandNumber() == 0) {
      if (!onlyRead(user->getResult(0)))
        return false;
      continue;
    }
    if (llvm::any_of(user->getResultTypes(),
                     [](Type type) { return isa<BaseMemRefType>(type); }))
      return false;
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects || user->getNumRegions() > 0)
      return false;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffectsOnValue(buffer, instances);
    if (llvm::any_of(instances, [](const MemoryEffects::EffectInstance &e) {
          return !isa<MemoryEffects::Read>(e.getEffect());
        }))
      return false;
  }
  return true;
}

SmallVector<unsigned>
cotangent::autodiff::readOnlyBufferArguments(func::FuncOp function) {
  SmallVector<unsigned> indices;
  for (BlockArgument arg : function.getArguments())
    if (isa<MemRefType>(arg.getType()) && isDifferentiableType(arg.getType()) &&
        onlyRead(arg))
      indices.push_back(arg.getArgNumber());
  return indices;
}

Activity::Activity(Engine &engine, func::FuncOp function,
                   ArrayRef<unsigned> activeArgs)
    : engine(engine), function(function) {
  for (unsigned index : activeArgs)
    markActive(function.getArgument(index));
  do {
    changed = false;
    function.walk([&](Operation *op) { propagate(op); });
  } while (changed);
}

/// Buffers of constant memory never carry derivatives.
static bool isConstantRoot(Value root) {
  Operation *def = root.getDefiningOp();
  return def && isConstantBuffer(def);
}

void Activity::markActive(Value value) {
  if (!isDifferentiableType(value.getType()))
    return;
  if (isa<MemRefType>(value.getType())) {
    value = bufferRoot(value);
    if (isConstantRoot(value))
      return;
  }
  changed |= active.insert(value).second;
}

void Activity::flow(Value from, Value to) {
  if (isActive(from))
    markActive(to);
}

bool Activity::isActive(Value value) const {
  if (!isDifferentiableType(value.getType()))
    return false;
  if (isa<MemRefType>(value.getType()))
    value = bufferRoot(value);
  return active.contains(value);
}

bool Activity::anyActive(ValueRange values) const {
  return llvm::any_of(values, [&](Value v) { return isActive(v); });
}

SmallVector<unsigned> Activity::activeIndices(ValueRange values) const {
  SmallVector<unsigned> indices;
  for (auto [i, value] : llvm::enumerate(values))
    if (isActive(value))
      indices.push_back(i);
  return indices;
}

bool Activity::losesDerivative(Operation *op) const {
  if (!anyActive(op->getOperands()))
    return false;
  return llvm::any_of(op->getResultTypes(), [](Type type) {
    return !isa<FloatType, IntegerType, IndexType, MemRefType>(type);
  });
}

SmallVector<unsigned> Activity::activeArguments() const {
  return activeIndices(function.getArguments());
}

void Activity::propagate(Operation *op) {
  if (const OpRule *rule = lookupOpRule(op); rule && rule->activity)
    return rule->activity(op, *this);
  if (isViewOp(op))
    return; // views share their root's activity
  if (op->getNumRegions() == 0 && anyActive(op->getOperands()))
    for (Value result : op->getResults())
      markActive(result);
}
