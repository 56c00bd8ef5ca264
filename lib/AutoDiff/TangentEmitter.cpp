//===- TangentEmitter.cpp - forward-mode derivative functions -------------===//
//
// One sweep: every op is cloned and followed by the code of its tangent.
// Scalars carry tangents as SSA values (loops and branches carry them as
// extra loop values and results); buffers carry them in shadow buffers that
// every load, store, copy and view mirrors.
//
//===----------------------------------------------------------------------===//
#include "TangentEmitter.h"

#include "Activity.h"
#include "IRHelpers.h"
#include "Rules.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace cotangent::autodiff;

namespace {

class TangentEmitter {
public:
  TangentEmitter(Engine &engine, func::FuncOp primal, Activity &activity)
      : engine(engine), primal(primal), activity(activity) {}

  LogicalResult emit(func::FuncOp target, ArrayRef<unsigned> activeArgs) {
    Block *entry = target.addEntryBlock();
    unsigned numArgs = primal.getNumArguments();
    for (unsigned i = 0; i < numArgs; ++i)
      map.map(primal.getArgument(i), entry->getArgument(i));
    for (auto [position, index] : llvm::enumerate(activeArgs))
      tangent[primal.getArgument(index)] =
          entry->getArgument(numArgs + position);
    OpBuilder b = OpBuilder::atBlockBegin(entry);
    return emitBlock(primal.front(), b);
  }

private:
  /// The tangent of `value`, or null for zero.
  Value tangentOf(Value value) { return tangent.lookup(value); }
  Value tangentOrZero(OpBuilder &b, Location loc, Value value) {
    if (Value t = tangentOf(value))
      return t;
    if (isa<MemRefType>(value.getType()))
      return zeroBufferLike(b, loc, map.lookup(value), {});
    return zeroOf(b, loc, value.getType());
  }
  bool isActiveFloat(Value value) {
    return isa<FloatType>(value.getType()) && activity.isActive(value);
  }
  /// Whether a value crossing a loop or branch boundary brings its tangent
  /// along: active floats, and active buffers (their tangent buffers).
  bool carriesTangent(Value value) {
    return activity.isActive(value) && (isa<FloatType>(value.getType()) ||
                                        isa<MemRefType>(value.getType()));
  }

  LogicalResult emitBlock(Block &block, OpBuilder &b) {
    for (Operation &op : block)
      if (failed(emitOp(&op, b)))
        return failure();
    return success();
  }

  /// Emits `source`'s ops into `dest` (whose leading arguments mirror
  /// `source`'s; tangents of the active float ones follow, in order), with the
  /// terminator extended by the tangents of its active float operands.
  LogicalResult emitRegionBody(Block &source, Block &dest, OpBuilder &b) {
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
    for (Value operand : terminatorTangentSources(terminator))
      operands.push_back(tangentOrZero(b, terminator->getLoc(), operand));
    Operation *clone = b.clone(*terminator, map);
    clone->setOperands(operands);
    return success();
  }

  /// The terminator operands whose tangents travel with them: those matching
  /// an active float result of the parent op.
  SmallVector<Value> terminatorTangentSources(Operation *terminator) {
    Operation *parent = terminator->getParentOp();
    SmallVector<Value> sources;
    auto matching = [&](ValueRange operands, ValueRange targets) {
      for (auto [operand, target] : llvm::zip(operands, targets))
        if (carriesTangent(target))
          sources.push_back(operand);
    };
    if (auto condition = dyn_cast<scf::ConditionOp>(terminator))
      matching(condition.getArgs(),
               cast<scf::WhileOp>(parent).getAfterArguments());
    else if (auto loop = dyn_cast<scf::WhileOp>(parent))
      matching(terminator->getOperands(), loop.getBeforeArguments());
    else
      matching(terminator->getOperands(), parent->getResults());
    return sources;
  }

  SmallVector<Value> mapped(ValueRange values) {
    return llvm::map_to_vector(values, [&](Value v) { return map.lookup(v); });
  }

  /// Types of `values` followed by the types of their active float members.
  SmallVector<Type> withTangentTypes(ValueRange values) {
    SmallVector<Type> types(values.getTypes());
    for (Value value : values)
      if (carriesTangent(value))
        types.push_back(value.getType());
    return types;
  }

  void mapResults(Operation *op, Operation *clone) {
    unsigned next = op->getNumResults();
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      map.map(result, clone->getResult(i));
      if (carriesTangent(result))
        tangent[result] = clone->getResult(next++);
    }
  }

  LogicalResult emitOp(Operation *op, OpBuilder &b) {
    Location loc = op->getLoc();
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      SmallVector<Value> inits = mapped(loop.getInitArgs());
      for (auto [init, arg] :
           llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs()))
        if (carriesTangent(arg))
          inits.push_back(tangentOrZero(b, loc, init));
      auto clone = scf::ForOp::create(b, loc, map.lookup(loop.getLowerBound()),
                                      map.lookup(loop.getUpperBound()),
                                      map.lookup(loop.getStep()), inits);
      dropTerminator(clone.getBody());
      // The induction variable is not active, so the body's arguments line
      // up with the clone's, tangents following.
      if (failed(emitRegionBody(*loop.getBody(), *clone.getBody(), b)))
        return failure();
      mapResults(loop, clone);
      return success();
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      auto clone = scf::IfOp::create(
          b, loc, withTangentTypes(branch.getResults()),
          map.lookup(branch.getCondition()), !branch.getElseRegion().empty());
      for (auto [source, dest] :
           llvm::zip(branch->getRegions(), clone->getRegions())) {
        if (source.empty())
          continue;
        dropTerminator(&dest.front());
        if (failed(emitRegionBody(source.front(), dest.front(), b)))
          return failure();
      }
      mapResults(branch, clone);
      return success();
    }
    if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      SmallVector<Value> inits = mapped(loop.getInits());
      for (auto [init, arg] :
           llvm::zip(loop.getInits(), loop.getBeforeArguments()))
        if (carriesTangent(arg))
          inits.push_back(tangentOrZero(b, loc, init));
      auto clone = scf::WhileOp::create(
          b, loc, withTangentTypes(loop.getResults()), inits);
      SmallVector<Type> beforeTypes =
          withTangentTypes(loop.getBeforeArguments());
      SmallVector<Type> afterTypes = withTangentTypes(loop.getAfterArguments());
      Block *before =
          b.createBlock(&clone.getBefore(), {}, beforeTypes,
                        SmallVector<Location>(beforeTypes.size(), loc));
      Block *after =
          b.createBlock(&clone.getAfter(), {}, afterTypes,
                        SmallVector<Location>(afterTypes.size(), loc));
      if (failed(emitRegionBody(loop.getBefore().front(), *before, b)) ||
          failed(emitRegionBody(loop.getAfter().front(), *after, b)))
        return failure();
      b.setInsertionPointAfter(clone);
      mapResults(loop, clone);
      return success();
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (!activity.isActiveCall(call)) {
        cloneOp(op, b);
        return success();
      }
      return emitCall(call, b);
    }
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<Value> operands = mapped(ret.getOperands());
      for (Value operand : ret.getOperands())
        if (isa<FloatType>(operand.getType()))
          operands.push_back(tangentOrZero(b, loc, operand));
      func::ReturnOp::create(b, loc, operands);
      return success();
    }
    if (auto push = dyn_cast<cotangent::gradient::TapePushOp>(op)) {
      SmallVector<Value> values = mapped(push.getValues());
      for (Value value : push.getValues())
        if (isa<FloatType>(value.getType()))
          values.push_back(tangentOrZero(b, loc, value));
      cotangent::gradient::TapePushOp::create(b, loc, values);
      return success();
    }
    if (auto pop = dyn_cast<cotangent::gradient::TapePopOp>(op)) {
      SmallVector<Type> types(pop.getResultTypes());
      for (Type type : pop.getResultTypes())
        if (isa<FloatType>(type))
          types.push_back(type);
      auto clone = cotangent::gradient::TapePopOp::create(b, loc, types);
      mapResults(pop, clone);
      return success();
    }
    return emitMemoryOrScalar(op, b);
  }

  Operation *cloneOp(Operation *op, OpBuilder &b) { return b.clone(*op, map); }

  LogicalResult emitMemoryOrScalar(Operation *op, OpBuilder &b) {
    Location loc = op->getLoc();
    Operation *clone = cloneOp(op, b);
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (activity.isActive(load.getMemRef()))
        tangent[load.getResult()] =
            memref::LoadOp::create(b, loc, tangent.lookup(load.getMemRef()),
                                   mapped(load.getIndices()));
      return success();
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (activity.isActive(store.getMemRef()))
        memref::StoreOp::create(
            b, loc, tangentOrZero(b, loc, store.getValueToStore()),
            tangent.lookup(store.getMemRef()), mapped(store.getIndices()));
      return success();
    }
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (!activity.isActive(copy.getTarget()))
        return success();
      Value target = tangent.lookup(copy.getTarget());
      if (activity.isActive(copy.getSource()))
        memref::CopyOp::create(b, loc, tangent.lookup(copy.getSource()),
                               target);
      else
        fillZero(b, loc, target);
      return success();
    }
    if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      if (activity.isActive(op->getResult(0)))
        tangent[op->getResult(0)] =
            zeroBufferLike(b, loc, clone->getResult(0), clone->getOperands());
      return success();
    }
    if (isViewOp(op)) {
      if (activity.isActive(op->getResult(0))) {
        Operation *view = b.clone(*clone);
        view->setOperand(0, tangent.lookup(op->getOperand(0)));
        tangent[op->getResult(0)] = view->getResult(0);
      }
      return success();
    }
    if (op->getNumRegions() > 0) {
      if (llvm::any_of(op->getOperands(),
                       [&](Value v) { return activity.isActive(v); }))
        return engine.emitError(op)
               << "cannot differentiate '" << op->getName()
               << "': ops with regions other than scf.for, "
                  "scf.while and scf.if are not supported";
      return success();
    }
    if (activity.losesDerivative(op))
      return engine.emitError(op)
             << "cannot differentiate through '" << op->getName()
             << "': its results cannot carry derivatives";
    bool anyActiveResult = llvm::any_of(
        op->getResults(), [&](Value v) { return isActiveFloat(v); });
    if (!anyActiveResult)
      return success();
    const ScalarRule *rule = lookupScalarRule(op->getName().getStringRef());
    if (!rule || op->getNumResults() != 1)
      return engine.emitError(op) << "cannot differentiate '" << op->getName()
                                  << "': it has no derivative rule";
    Value result = op->getResult(0);
    PartialBuilder partials(b, loc, result.getType());
    SmallVector<Value> operands = mapped(op->getOperands());
    SmallVector<Value> p =
        rule->partials(partials, operands, clone->getResult(0));
    Value sum;
    for (auto [operand, partial] : llvm::zip(op->getOperands(), p)) {
      Value t = tangentOf(operand);
      if (!t || !partial)
        continue;
      Value term = arith::MulFOp::create(
          b, loc, convertFloat(b, loc, t, result.getType()), partial);
      sum = addOrNull(b, loc, sum, term);
    }
    tangent[result] = sum ? sum : zeroOf(b, loc, result.getType());
    return success();
  }

  LogicalResult emitCall(func::CallOp call, OpBuilder &b) {
    FailureOr<TangentFunction> derivative =
        engine.tangentOfCall(call, activity.activeOperands(call));
    if (failed(derivative))
      return failure();
    Location loc = call.getLoc();
    SmallVector<Value> operands = mapped(call.getOperands());
    for (unsigned index : derivative->activeArgs) {
      Value operand = call.getOperand(index);
      Value t = tangentOf(operand);
      if (!t)
        t = isa<MemRefType>(operand.getType())
                ? zeroBufferLike(b, loc, map.lookup(operand), {})
                : zeroOf(b, loc, operand.getType());
      operands.push_back(t);
    }
    auto clone = func::CallOp::create(b, loc, derivative->function, operands);
    unsigned next = call.getNumResults();
    for (auto [i, result] : llvm::enumerate(call.getResults())) {
      map.map(result, clone.getResult(i));
      if (isa<FloatType>(result.getType()))
        tangent[result] = clone.getResult(next++);
    }
    return success();
  }

  Engine &engine;
  func::FuncOp primal;
  Activity &activity;
  IRMapping map;
  DenseMap<Value, Value> tangent;
};

} // namespace

LogicalResult cotangent::autodiff::emitTangentFunction(
    Engine &engine, func::FuncOp primal, Activity &activity,
    ArrayRef<unsigned> activeArgs, func::FuncOp target) {
  return TangentEmitter(engine, primal, activity).emit(target, activeArgs);
}
