//===- ForwardSweep.cpp - the forward sweep of reverse mode ---------------===//
//
// Replays the primal function and pushes, at the end of each segment, what
// the TapePlan says the reverse sweep of that segment reads. Calls of
// differentiated functions call their forward sweeps; a while loop also
// counts its iterations, which the reverse sweep needs.
//
//===----------------------------------------------------------------------===//
#include "ForwardSweep.h"

#include "Activity.h"
#include "CustomGradientCalls.h"
#include "IRHelpers.h"
#include "TapePlan.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePushOp;

namespace {

class ForwardEmitter {
public:
  ForwardEmitter(Engine &engine, const Activity &activity, const TapePlan &plan)
      : engine(engine), activity(activity), plan(plan) {}

  LogicalResult emit(func::FuncOp primal, func::FuncOp target) {
    Block *entry = target.addEntryBlock();
    map.map(primal.getArguments(), entry->getArguments());
    OpBuilder b = OpBuilder::atBlockBegin(entry);
    return emitBlock(primal.front(), b, {});
  }

private:
  /// Emits `block`'s ops, pushing each segment's values at its end; the
  /// terminator gets `extraOperands` appended.
  LogicalResult emitBlock(Block &block, OpBuilder &b,
                          ValueRange extraOperands) {
    for (const Segment &segment : plan.segments(&block)) {
      if (segment.regionOp) {
        FailureOr<Value> count = emitRegionOp(segment.regionOp, b);
        if (failed(count))
          return failure();
        push(segment, *count, b, segment.regionOp->getLoc());
        continue;
      }
      Operation *terminator = nullptr;
      for (Operation *op : segment.ops) {
        if (op->hasTrait<OpTrait::IsTerminator>()) {
          terminator = op;
          continue;
        }
        if (failed(emitPlainOp(op, b)))
          return failure();
      }
      Location loc =
          terminator ? terminator->getLoc() : segment.ops.back()->getLoc();
      push(segment, Value(), b, loc);
      if (terminator) {
        Operation *clone = b.clone(*terminator, map);
        SmallVector<Value> operands(clone->getOperands());
        llvm::append_range(operands, extraOperands);
        clone->setOperands(operands);
      }
    }
    return success();
  }

  void push(const Segment &segment, Value count, OpBuilder &b, Location loc) {
    SmallVector<Value> values;
    if (count)
      values.push_back(count);
    for (Value value : segment.saved)
      values.push_back(map.lookup(value));
    if (!values.empty())
      TapePushOp::create(b, loc, values);
  }

  LogicalResult emitPlainOp(Operation *op, OpBuilder &b) {
    auto call = dyn_cast<func::CallOp>(op);
    if (!call || !llvm::any_of(call.getOperands(),
                               [&](Value v) { return activity.isActive(v); })) {
      b.clone(*op, map);
      return success();
    }
    SmallVector<Value> operands = llvm::map_to_vector(
        call.getOperands(), [&](Value v) { return map.lookup(v); });
    if (CustomGradient *custom = engine.customGradient(call.getCallee())) {
      FailureOr<SmallVector<Value>> results =
          emitCustomForward(b, engine, call, operands, *custom);
      if (failed(results))
        return failure();
      map.map(call.getResults(), *results);
      return success();
    }
    FailureOr<ReverseFunctions> derivative =
        engine.reverseOfCall(call, activity.activeOperands(call));
    if (failed(derivative))
      return failure();
    auto clone =
        func::CallOp::create(b, call.getLoc(), derivative->forward, operands);
    map.map(call.getResults(), clone.getResults());
    return success();
  }

  /// Emits a loop or branch; returns the iteration count of a while loop
  /// (which the reverse sweep needs), null otherwise.
  FailureOr<Value> emitRegionOp(Operation *op, OpBuilder &b) {
    Location loc = op->getLoc();
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto clone = scf::ForOp::create(
          b, loc, map.lookup(loop.getLowerBound()),
          map.lookup(loop.getUpperBound()), map.lookup(loop.getStep()),
          llvm::map_to_vector(loop.getInitArgs(),
                              [&](Value v) { return map.lookup(v); }));
      dropTerminator(clone.getBody());
      map.map(loop.getBody()->getArguments(), clone.getBody()->getArguments());
      OpBuilder inner = OpBuilder::atBlockEnd(clone.getBody());
      if (failed(emitBlock(*loop.getBody(), inner, {})))
        return failure();
      map.map(loop.getResults(), clone.getResults());
      return Value();
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      auto clone = scf::IfOp::create(b, loc, branch.getResultTypes(),
                                     map.lookup(branch.getCondition()),
                                     !branch.getElseRegion().empty());
      for (auto [source, dest] :
           llvm::zip(branch->getRegions(), clone->getRegions())) {
        if (source.empty())
          continue;
        dropTerminator(&dest.front());
        OpBuilder inner = OpBuilder::atBlockEnd(&dest.front());
        if (failed(emitBlock(source.front(), inner, {})))
          return failure();
      }
      map.map(branch.getResults(), clone.getResults());
      return Value();
    }
    auto loop = cast<scf::WhileOp>(op);
    // An extra loop value counts the iterations of the body.
    Type i64 = b.getI64Type();
    SmallVector<Value> inits = llvm::map_to_vector(
        loop.getInits(), [&](Value v) { return map.lookup(v); });
    inits.push_back(arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
    SmallVector<Type> resultTypes(loop.getResultTypes());
    resultTypes.push_back(i64);
    auto clone = scf::WhileOp::create(b, loc, resultTypes, inits);
    auto makeBlock = [&](Region &region, TypeRange types) {
      SmallVector<Type> withCount(types);
      withCount.push_back(i64);
      return b.createBlock(&region, {}, withCount,
                           SmallVector<Location>(withCount.size(), loc));
    };
    Block *before = makeBlock(clone.getBefore(),
                              ValueRange(loop.getBeforeArguments()).getTypes());
    Block *after = makeBlock(clone.getAfter(),
                             ValueRange(loop.getAfterArguments()).getTypes());
    map.map(loop.getBeforeArguments(), before->getArguments().drop_back());
    map.map(loop.getAfterArguments(), after->getArguments().drop_back());
    OpBuilder beforeBuilder = OpBuilder::atBlockEnd(before);
    if (failed(emitBlock(loop.getBefore().front(), beforeBuilder,
                         {before->getArguments().back()})))
      return failure();
    OpBuilder afterBuilder = OpBuilder::atBlockEnd(after);
    Value one =
        arith::ConstantOp::create(afterBuilder, loc, b.getI64IntegerAttr(1));
    Value next = arith::AddIOp::create(afterBuilder, loc,
                                       after->getArguments().back(), one);
    if (failed(emitBlock(loop.getAfter().front(), afterBuilder, {next})))
      return failure();
    b.setInsertionPointAfter(clone);
    map.map(loop.getResults(), clone.getResults().drop_back());
    return clone.getResults().back();
  }

  Engine &engine;
  const Activity &activity;
  const TapePlan &plan;
  IRMapping map;
};

} // namespace

LogicalResult cotangent::autodiff::emitForwardSweep(Engine &engine,
                                                    const Activity &activity,
                                                    const TapePlan &plan,
                                                    func::FuncOp primal,
                                                    func::FuncOp target) {
  return ForwardEmitter(engine, activity, plan).emit(primal, target);
}
