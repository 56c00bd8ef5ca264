//===- ReverseSweep.cpp - the reverse sweep of reverse mode ---------------===//
#include "ReverseSweep.h"

#include "Activity.h"
#include "RuleRegistry.h"
#include "TapePlan.h"
#include "cotangent/Support/IRBuilders.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;

LogicalResult ReverseSweep::emit(func::FuncOp primal,
                                 ArrayRef<unsigned> activeArgs,
                                 ArrayRef<unsigned> rereadArgs,
                                 func::FuncOp target) {
  Block *entry = target.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  Scope top;
  top.block = &primal.front();
  scope = &top;
  unsigned next = 0;
  for (unsigned index : rereadArgs)
    top.primal[primal.getArgument(index)] = entry->getArgument(next++);
  for (unsigned index : activeArgs)
    if (isa<MemRefType>(primal.getArgumentTypes()[index]))
      top.shadow[primal.getArgument(index)] = entry->getArgument(next++);
  Operation *ret = primal.front().getTerminator();
  for (Value result : ret->getOperands())
    if (isa<FloatType>(result.getType()))
      addAdjoint(result, entry->getArgument(next++), b);
  if (failed(reverseBlock(primal.front(), b)))
    return failure();
  SmallVector<Value> adjoints;
  for (unsigned index : activeArgs) {
    Value arg = primal.getArgument(index);
    if (!isa<MemRefType>(arg.getType()))
      adjoints.push_back(adjointOrZero(arg, b, ret->getLoc()));
  }
  func::ReturnOp::create(b, ret->getLoc(), adjoints);
  scope = nullptr;
  return success();
}

//===--- Values available to the reverse code -----------------------------===//

Scope *ReverseSweep::owner(Value value) {
  for (Scope *s = scope; s; s = s->parent)
    if (s->owns(value))
      return s;
  return nullptr;
}

Value ReverseSweep::adjointOf(Value value) {
  Scope *s = owner(value);
  return s ? s->adjoint.lookup(value) : Value();
}

Value ReverseSweep::adjointOrZero(Value value, OpBuilder &b, Location loc) {
  Value adjoint = adjointOf(value);
  return adjoint ? adjoint : zeroOf(b, loc, value.getType());
}

void ReverseSweep::addAdjoint(Value value, Value contribution, OpBuilder &b) {
  if (!contribution || !activity.isActive(value) ||
      !isa<FloatType>(value.getType()))
    return;
  Scope *s = owner(value);
  assert(s && "adjoint of a value outside every reversed block");
  Value &slot = s->adjoint[value];
  slot = addOrNull(b, contribution.getLoc(), slot, contribution);
}

FailureOr<Value> ReverseSweep::primal(Value value, OpBuilder &b) {
  if (TapePlan::isRebuilt(value))
    return b.clone(*value.getDefiningOp())->getResult(0);
  if (plan.isReloaded(value)) {
    // Runs the reading op again on the re-read buffer.
    Operation *read = value.getDefiningOp();
    return rerunOn(read, primalBuffer(read->getOperand(0), b), b);
  }
  for (Scope *s = scope; s; s = s->parent)
    if (Value restored = s->primal.lookup(value))
      return restored;
  Operation *where = value.getDefiningOp()
                         ? value.getDefiningOp()
                         : value.getParentBlock()->getParentOp();
  return engine.emitError(where) << "internal error: a value the reverse sweep "
                                    "needs was not saved";
}

FailureOr<SmallVector<Value>> ReverseSweep::primals(ValueRange values,
                                                    OpBuilder &b) {
  SmallVector<Value> result;
  for (Value value : values) {
    FailureOr<Value> p = primal(value, b);
    if (failed(p))
      return failure();
    result.push_back(*p);
  }
  return result;
}

/// `op` (a view or a read) again, of the buffer `source`, with its other
/// operands (offsets, sizes, indices) restored.
FailureOr<Value> ReverseSweep::rerunOn(Operation *op, FailureOr<Value> source,
                                       OpBuilder &b) {
  FailureOr<SmallVector<Value>> operands =
      primals(op->getOperands().drop_front(), b);
  if (failed(source) || failed(operands))
    return failure();
  Operation *clone = b.clone(*op);
  clone->setOperand(0, *source);
  for (auto [i, operand] : llvm::enumerate(*operands))
    clone->setOperand(i + 1, operand);
  return clone->getResult(0);
}

/// A re-read buffer (an argument, or a view of one rebuilt here).
FailureOr<Value> ReverseSweep::primalBuffer(Value buffer, OpBuilder &b) {
  Operation *view = buffer.getDefiningOp();
  if (!view || !isViewOp(view))
    return primal(buffer, b);
  return rerunOn(view, primalBuffer(view->getOperand(0), b), b);
}

FailureOr<Value> ReverseSweep::shadowOf(Value buffer, OpBuilder &b) {
  for (Scope *s = scope; s; s = s->parent)
    if (Value shadow = s->shadow.lookup(buffer))
      return shadow;
  Operation *def = buffer.getDefiningOp();
  FailureOr<Value> shadow = failure();
  if (const OpRule *rule = def ? lookupOpRule(def) : nullptr;
      rule && rule->shadow)
    shadow = rule->shadow(def, *this, b);
  else if (def && isViewOp(def))
    shadow = rerunOn(def, shadowOf(def->getOperand(0), b), b);
  else
    return engine.emitError(def ? def : buffer.getParentBlock()->getParentOp())
           << "internal error: no shadow for a buffer";
  if (succeeded(shadow))
    scope->shadow[buffer] = *shadow;
  return shadow;
}

void ReverseSweep::giveShadowTo(Value buffer, Value shadow, OpBuilder &b) {
  if (isAllocationOp(buffer.getDefiningOp())) {
    scope->shadow[buffer] = shadow; // the allocation's shadow, then
    return;
  }
  scope->onShadowsReady.push_back({shadow, buffer});
}

FailureOr<Value> ReverseSweep::shadowOrScratch(Value buffer, OpBuilder &b) {
  if (activity.isActive(buffer))
    return shadowOf(buffer, b);
  if (!cast<MemRefType>(buffer.getType()).hasStaticShape())
    return engine.emitError(buffer.getDefiningOp()
                                ? buffer.getDefiningOp()
                                : buffer.getParentBlock()->getParentOp())
           << "cannot differentiate through a buffer of dynamic shape that "
              "carries no derivative here";
  return zeroBufferLike(b, buffer.getLoc(), buffer, {});
}

SmallVector<unsigned> ReverseSweep::activeFloats(ValueRange values) {
  SmallVector<unsigned> indices;
  for (auto [i, value] : llvm::enumerate(values))
    if (isa<FloatType>(value.getType()) && activity.isActive(value))
      indices.push_back(i);
  return indices;
}

SmallVector<unsigned> ReverseSweep::activeBuffers(ValueRange values) {
  SmallVector<unsigned> indices;
  for (auto [i, value] : llvm::enumerate(values))
    if (isa<MemRefType>(value.getType()) && activity.isActive(value))
      indices.push_back(i);
  return indices;
}

/// Whether `value` is defined outside `op` (not in any of its regions).
static bool definedOutside(Value value, Operation *op) {
  Operation *owner = value.getParentBlock()->getParentOp();
  return owner != op && !op->isProperAncestor(owner);
}

SmallVector<Value> ReverseSweep::outerScalars(Operation *op) {
  llvm::SetVector<Value> values;
  op->walk([&](Operation *inner) {
    if (inner == op)
      return; // the op's own operands are its rule's business
    for (Value operand : inner->getOperands())
      if (isa<FloatType>(operand.getType()) && activity.isActive(operand) &&
          definedOutside(operand, op) && !TapePlan::isRebuilt(operand))
        values.insert(operand);
  });
  return values.takeVector();
}

//===--- Blocks and segments ----------------------------------------------===//

LogicalResult ReverseSweep::reverseBlock(Block &block, OpBuilder &b) {
  ArrayRef<Segment> segments = plan.segments(&block);
  for (size_t i = segments.size(); i-- > 0;) {
    const Segment &segment = segments[i];
    for (Value buffer : llvm::reverse(segment.snapshots))
      scope->primal[buffer] = restoreBuffer(b, segment.regionOp->getLoc(),
                                            cast<MemRefType>(buffer.getType()));
    restore(segment, b,
            segment.regionOp ? segment.regionOp->getLoc()
                             : segment.ops.back()->getLoc());
    if (i + 1 == segments.size()) {
      if (failed(allocateShadows(block, b)))
        return failure();
      for (auto [source, buffer] : scope->onShadowsReady) {
        FailureOr<Value> shadow = shadowOf(buffer, b);
        if (failed(shadow))
          return failure();
        accumulateInto(b, buffer.getLoc(), source, *shadow);
      }
    }
    if (segment.regionOp) {
      if (failed(reverseOp(segment.regionOp, b)))
        return failure();
      for (Value buffer : segment.snapshots)
        scope->primal.erase(buffer); // earlier code sees other contents
      continue;
    }
    for (Operation *op : llvm::reverse(segment.ops))
      if (!op->hasTrait<OpTrait::IsTerminator>() && failed(reverseOp(op, b)))
        return failure();
  }
  return success();
}

void ReverseSweep::restore(const Segment &segment, OpBuilder &b, Location loc) {
  SmallVector<Type> types(segment.counters);
  for (Value value : segment.saved)
    types.push_back(value.getType());
  scope->counters.clear();
  if (types.empty())
    return;
  auto pop = TapePopOp::create(b, loc, types);
  ValueRange values = pop.getResults();
  llvm::append_range(scope->counters,
                     values.take_front(segment.counters.size()));
  for (auto [value, restored] :
       llvm::zip(segment.saved, values.drop_front(segment.counters.size())))
    scope->primal[value] = restored;
}

/// Zero shadows for the buffers `block` allocates or gets from region ops,
/// unless a reversed loop already carries one in.
LogicalResult ReverseSweep::allocateShadows(Block &block, OpBuilder &b) {
  for (Operation &op : block) {
    if (op.getNumRegions() > 0 && lookupOpRule(&op)) {
      for (Value result : op.getResults())
        if (isa<MemRefType>(result.getType()) && activity.isActive(result))
          scope->shadow[result] = zeroBufferLike(b, op.getLoc(), result, {});
      continue;
    }
    if (!isAllocationOp(&op) || !activity.isActive(op.getResult(0)) ||
        scope->shadow.count(op.getResult(0)))
      continue;
    FailureOr<SmallVector<Value>> sizes = primals(op.getOperands(), b);
    if (failed(sizes))
      return failure();
    scope->shadow[op.getResult(0)] =
        zeroBufferLike(b, op.getLoc(), op.getResult(0), *sizes);
  }
  return success();
}

FailureOr<SmallVector<Value>>
ReverseSweep::reverseNested(Block &block, ArrayRef<Value> outerValues,
                            ValueRange outerInit,
                            llvm::function_ref<LogicalResult(OpBuilder &)> seed,
                            OpBuilder &b, Scope &nested) {
  nested.parent = scope;
  nested.block = &block;
  for (auto [i, value] : llvm::enumerate(outerValues)) {
    nested.outerAdjoints.insert(value);
    nested.adjoint[value] = outerInit.empty() ? Value() : outerInit[i];
  }
  {
    EnterScope enter(*this, nested);
    if (failed(seed(b)) || failed(reverseBlock(block, b)))
      return failure();
  }
  SmallVector<Value> adjoints;
  for (Value value : outerValues) {
    Value adjoint = nested.adjoint.lookup(value);
    adjoints.push_back(
        adjoint ? adjoint
                : zeroOf(b, block.getParentOp()->getLoc(), value.getType()));
  }
  return adjoints;
}

//===--- Ops --------------------------------------------------------------===//

LogicalResult ReverseSweep::reverseOp(Operation *op, OpBuilder &b) {
  if (const OpRule *rule = lookupOpRule(op))
    return rule->reverse ? rule->reverse(op, *this, b) : success();
  const ScalarRule *rule = lookupScalarRule(op);
  if (!rule || op->getNumResults() != 1 || !activity.isActive(op->getResult(0)))
    return success();
  return reverseScalarOp(op, *rule, b);
}

LogicalResult ReverseSweep::reverseScalarOp(Operation *op,
                                            const ScalarRule &rule,
                                            OpBuilder &b) {
  Location loc = op->getLoc();
  Value result = op->getResult(0);
  Value adjoint = adjointOf(result);
  if (!adjoint)
    return success();
  SmallVector<Value> operands(op->getNumOperands());
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    if (!(rule.operandsRead & (1u << i)))
      continue;
    FailureOr<Value> p = primal(operand, b);
    if (failed(p))
      return failure();
    operands[i] = *p;
  }
  Value resultValue;
  if (rule.resultRead) {
    FailureOr<Value> p = primal(result, b);
    if (failed(p))
      return failure();
    resultValue = *p;
  }
  PartialBuilder partials(b, loc, result.getType());
  SmallVector<Value> p = rule.partials(partials, operands, resultValue);
  for (auto [operand, partial] : llvm::zip(op->getOperands(), p)) {
    if (!partial || !activity.isActive(operand))
      continue;
    Value contribution = partials.scale(adjoint, partial);
    addAdjoint(operand, convertFloat(b, loc, contribution, operand.getType()),
               b);
  }
  return success();
}
