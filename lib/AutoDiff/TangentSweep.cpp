//===- TangentSweep.cpp - forward-mode derivative functions ---------------===//
#include "TangentSweep.h"

#include "Activity.h"
#include "RuleRegistry.h"
#include "cotangent/Support/IRBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace cotangent::autodiff;

LogicalResult TangentSweep::emit(func::FuncOp primal,
                                 ArrayRef<unsigned> activeArgs,
                                 func::FuncOp target) {
  Block *entry = target.addEntryBlock();
  unsigned numArgs = primal.getNumArguments();
  for (unsigned i = 0; i < numArgs; ++i)
    map.map(primal.getArgument(i), entry->getArgument(i));
  for (auto [position, index] : llvm::enumerate(activeArgs))
    tangent[primal.getArgument(index)] = entry->getArgument(numArgs + position);
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  for (Operation &op : primal.front())
    if (failed(emitOp(&op, b)))
      return failure();
  return failure(missingTangent);
}

Value TangentSweep::tangentOrZero(OpBuilder &b, Location loc, Value value) {
  if (Value t = tangentOf(value))
    return t;
  if (isa<MemRefType>(value.getType())) {
    if (activity.isActive(value) && !missingTangent) {
      Operation *def = value.getDefiningOp();
      engine.emitError(def ? def : value.getParentBlock()->getParentOp())
          << "cannot differentiate the buffer produced by '"
          << (def ? def->getName().getStringRef() : "a block argument")
          << "' in forward mode";
      missingTangent = true;
    }
    return zeroBufferLike(b, loc, map.lookup(value), {});
  }
  return zeroOf(b, loc, value.getType());
}

bool TangentSweep::carriesTangent(Value value) {
  return activity.isActive(value) &&
         (isa<FloatType>(value.getType()) || isa<MemRefType>(value.getType()));
}

SmallVector<Value> TangentSweep::mapped(ValueRange values) const {
  return llvm::map_to_vector(values, [&](Value v) { return map.lookup(v); });
}

SmallVector<Type> TangentSweep::withTangentTypes(ValueRange values) {
  SmallVector<Type> types(values.getTypes());
  for (Value value : values)
    if (carriesTangent(value))
      types.push_back(value.getType());
  return types;
}

void TangentSweep::mapResults(Operation *op, Operation *clone) {
  unsigned next = op->getNumResults();
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    map.map(result, clone->getResult(i));
    if (carriesTangent(result))
      tangent[result] = clone->getResult(next++);
  }
}

LogicalResult TangentSweep::emitRegionBody(Block &source, Block &dest,
                                           ValueRange tangentOperands,
                                           OpBuilder &b) {
  unsigned next = source.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(source.getArguments())) {
    map.map(arg, dest.getArgument(i));
    if (carriesTangent(arg))
      tangent[arg] = dest.getArgument(next++);
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(&dest);
  for (Operation &op : source.without_terminator())
    if (failed(emitOp(&op, b)))
      return failure();
  Operation *terminator = source.getTerminator();
  SmallVector<Value> operands = mapped(terminator->getOperands());
  for (Value operand : tangentOperands)
    operands.push_back(tangentOrZero(b, terminator->getLoc(), operand));
  Operation *clone = b.clone(*terminator, map);
  clone->setOperands(operands);
  return success();
}

LogicalResult TangentSweep::emitOp(Operation *op, OpBuilder &b) {
  if (const OpRule *rule = lookupOpRule(op)) {
    if (rule->tangent)
      return rule->tangent(op, *this, b);
    cloneOp(op, b);
    return success();
  }
  return emitScalarOp(op, b);
}

LogicalResult TangentSweep::emitScalarOp(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  Operation *clone = cloneOp(op, b);
  if (isAllocationOp(op)) {
    if (activity.isActive(op->getResult(0)))
      tangent[op->getResult(0)] =
          zeroBufferLike(b, loc, clone->getResult(0), clone->getOperands());
    return success();
  }
  if (isViewOp(op)) {
    if (activity.isActive(op->getResult(0))) {
      Operation *view = b.clone(*clone);
      view->setOperand(0, tangentOrZero(b, loc, op->getOperand(0)));
      tangent[op->getResult(0)] = view->getResult(0);
    }
    return success();
  }
  FailureOr<const ScalarRule *> rule = scalarRuleToApply(engine, activity, op);
  if (failed(rule))
    return failure();
  if (!*rule)
    return success();
  Value result = op->getResult(0);
  PartialBuilder partials(b, loc, result.getType());
  SmallVector<Value> p = (*rule)->partials(partials, mapped(op->getOperands()),
                                           clone->getResult(0));
  Value sum;
  for (auto [operand, partial] : llvm::zip(op->getOperands(), p)) {
    Value t = tangentOf(operand);
    if (!t || !partial)
      continue;
    Value term =
        partials.scale(convertFloat(b, loc, t, result.getType()), partial);
    sum = addOrNull(b, loc, sum, term);
  }
  tangent[result] = sum ? sum : zeroOf(b, loc, result.getType());
  return success();
}
