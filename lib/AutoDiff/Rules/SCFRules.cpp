//===- SCFRules.cpp - derivatives of scf.for, scf.if and scf.while --------===//
//
// Each loop or branch is one segment of its block. In reverse mode:
//   scf.for    runs backwards as a loop over the trip count, recomputing the
//              induction variable; active floats and buffers it carries
//              travel backwards as loop values (adjoints, shadows);
//   scf.if     reverses the branch that ran, chosen by the restored
//              condition;
//   scf.while  counts its iterations in the forward sweep (a counter) and
//              runs its regions backwards that many times, carrying the
//              shadows of the buffers it carries like scf.for.
// Active outer scalars used inside get their adjoints as extra loop values
// or results. In forward mode, the tangents of carried values are extra
// loop values and results.
//
//===----------------------------------------------------------------------===//
#include "../Activity.h"
#include "../ForwardSweep.h"
#include "../ReverseSweep.h"
#include "../RuleRegistry.h"
#include "../TangentSweep.h"
#include "../TapePlan.h"

#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace cotangent;
using namespace cotangent::autodiff;

namespace {

SmallVector<Value> zeros(ArrayRef<Value> values, OpBuilder &b, Location loc) {
  return llvm::map_to_vector(
      values, [&](Value v) { return zeroOf(b, loc, v.getType()); });
}

/// The tangents a terminator's operands pass on: those matching values of
/// `targets` that carry tangents.
SmallVector<Value> tangentsFor(TangentSweep &sweep, ValueRange operands,
                               ValueRange targets) {
  SmallVector<Value> sources;
  for (auto [operand, target] : llvm::zip(operands, targets))
    if (sweep.carriesTangent(target))
      sources.push_back(operand);
  return sources;
}

/// After a reversed loop whose results are the adjoints of carried floats,
/// the shadows of carried buffers and the adjoints of outer scalars, in that
/// order: hands them to the loop's initial values and the outer scalars.
LogicalResult handOutReversedLoop(ReverseSweep &sweep, OpBuilder &b,
                                  scf::ForOp reversed,
                                  ArrayRef<Value> floatInits,
                                  ArrayRef<Value> bufferInits,
                                  ArrayRef<Value> outer) {
  ValueRange results = reversed.getResults();
  for (auto [init, adjoint] : llvm::zip(floatInits, results))
    sweep.addAdjoint(init, adjoint, b);
  results = results.drop_front(floatInits.size());
  for (auto [init, carriedShadow] : llvm::zip(bufferInits, results)) {
    if (!sweep.activity.isActive(init))
      continue;
    FailureOr<Value> shadow = sweep.shadowOf(init, b);
    if (failed(shadow))
      return failure();
    accumulateInto(b, reversed.getLoc(), carriedShadow, *shadow);
  }
  for (auto [value, adjoint] :
       llvm::zip(outer, results.drop_front(bufferInits.size())))
    sweep.addAdjoint(value, adjoint, b);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

/// The values one loop-carried slot holds are active together: its block
/// argument and its result (the sweeps carry a derivative per slot), and for
/// a buffer also the buffers it starts from and is given, whose memory the
/// slot then holds.
void carriedSlotActivity(Activity &activity, Value init, Value arg,
                         Value yielded, Value result) {
  activity.flow(init, arg);
  activity.flow(yielded, arg);
  activity.flow(yielded, result);
  activity.flow(arg, result);
  activity.flow(result, arg);
  if (isa<MemRefType>(arg.getType())) {
    activity.flow(arg, init);
    activity.flow(arg, yielded);
  }
}

void forActivity(Operation *op, Activity &activity) {
  auto loop = cast<scf::ForOp>(op);
  for (auto [init, arg, result, yielded] :
       llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs(),
                 loop.getResults(), loop.getYieldedValues()))
    carriedSlotActivity(activity, init, arg, yielded, result);
}

LogicalResult forTapeNeeds(Operation *op, TapePlan &plan,
                           llvm::SetVector<Value> &needs) {
  auto loop = cast<scf::ForOp>(op);
  for (Value bound :
       {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
    needs.insert(bound);
  // The reversed loop hands its carried shadows to the initial buffers.
  for (Value init : loop.getInitArgs())
    if (isa<MemRefType>(init.getType()) && plan.activity.isActive(init) &&
        failed(plan.shadowInputs(init, needs)))
      return failure();
  return success();
}

LogicalResult forReplay(Operation *op, ForwardSweep &sweep, OpBuilder &b,
                        SmallVectorImpl<Value> &) {
  auto loop = cast<scf::ForOp>(op);
  auto clone = scf::ForOp::create(
      b, loop.getLoc(), sweep.mapped(loop.getLowerBound()),
      sweep.mapped(loop.getUpperBound()), sweep.mapped(loop.getStep()),
      sweep.mapped(loop.getInitArgs()));
  dropTerminator(clone.getBody());
  sweep.map.map(loop.getBody()->getArguments(),
                clone.getBody()->getArguments());
  OpBuilder inner = OpBuilder::atBlockEnd(clone.getBody());
  if (failed(sweep.emitBlock(*loop.getBody(), inner, {})))
    return failure();
  sweep.map.map(loop.getResults(), clone.getResults());
  return success();
}

LogicalResult forReverse(Operation *op, ReverseSweep &sweep, OpBuilder &b) {
  auto loop = cast<scf::ForOp>(op);
  Location loc = loop.getLoc();
  SmallVector<Value> outer = sweep.outerScalars(op);
  FailureOr<SmallVector<Value>> bounds = sweep.primals(
      {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()}, b);
  if (failed(bounds))
    return failure();
  Value count = tripCount(b, loc, (*bounds)[0], (*bounds)[1], (*bounds)[2]);
  Block &body = *loop.getBody();
  auto yield = cast<scf::YieldOp>(body.getTerminator());
  SmallVector<unsigned> carried = sweep.activeFloats(loop.getRegionIterArgs());
  // Loop-carried buffers: the reversed loop carries the shadow of the
  // buffer each iteration yields, backwards.
  SmallVector<unsigned> buffers = sweep.activeBuffers(loop.getRegionIterArgs());
  SmallVector<Value> inits;
  for (unsigned i : carried)
    inits.push_back(sweep.adjointOrZero(loop.getResult(i), b, loc));
  for (unsigned i : buffers) {
    FailureOr<Value> shadow = sweep.shadowOf(loop.getResult(i), b);
    if (failed(shadow))
      return failure();
    inits.push_back(*shadow);
  }
  llvm::append_range(inits, zeros(outer, b, loc));
  Value zero =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(count.getType()));
  Value one = arith::ConstantOp::create(b, loc, b.getOneAttr(count.getType()));
  auto reversed = scf::ForOp::create(b, loc, zero, count, one, inits);
  dropTerminator(reversed.getBody());
  OpBuilder inner = OpBuilder::atBlockEnd(reversed.getBody());
  ValueRange loopValues = reversed.getRegionIterArgs();
  ValueRange carriedAdjoints = loopValues.take_front(carried.size());
  ValueRange carriedShadows = loopValues.slice(carried.size(), buffers.size());
  Scope nested;
  FailureOr<SmallVector<Value>> outerAdjoints = sweep.reverseNested(
      body, outer, loopValues.drop_front(carried.size() + buffers.size()),
      [&](OpBuilder &nb) -> LogicalResult {
        // Iteration k of the reversed loop reverses iteration N-1-k.
        Value last = arith::SubIOp::create(nb, loc, count, one);
        Value k =
            arith::SubIOp::create(nb, loc, last, reversed.getInductionVar());
        Value offset = arith::MulIOp::create(nb, loc, k, (*bounds)[2]);
        sweep.setPrimal(loop.getInductionVar(),
                        arith::AddIOp::create(nb, loc, (*bounds)[0], offset));
        for (auto [position, i] : llvm::enumerate(carried))
          sweep.addAdjoint(yield.getOperand(i), carriedAdjoints[position], nb);
        for (auto [position, i] : llvm::enumerate(buffers)) {
          Value arg = body.getArgument(i + 1), yielded = yield.getOperand(i);
          if (yielded == arg) {
            sweep.setShadow(arg, carriedShadows[position]);
            continue;
          }
          if (!sweep.activity.isActive(yielded)) {
            // Constant memory: the next iteration's adjoints go nowhere.
            sweep.setShadow(arg, zeroBufferLike(nb, loc, arg, {}));
            continue;
          }
          if (bufferRoot(yielded).getParentBlock() != &body)
            return sweep.engine.emitError(loop)
                   << "cannot differentiate a loop that yields a buffer it "
                      "did not allocate";
          sweep.giveShadowTo(yielded, carriedShadows[position], nb);
          sweep.setShadow(arg, zeroBufferLike(nb, loc, arg, {}));
        }
        return success();
      },
      inner, nested);
  if (failed(outerAdjoints))
    return failure();
  SmallVector<Value> yields;
  {
    ReverseSweep::EnterScope enter(sweep, nested);
    for (unsigned i : carried)
      yields.push_back(
          sweep.adjointOrZero(loop.getRegionIterArgs()[i], inner, loc));
    for (unsigned i : buffers)
      yields.push_back(nested.shadow.lookup(body.getArgument(i + 1)));
  }
  llvm::append_range(yields, *outerAdjoints);
  scf::YieldOp::create(inner, loc, yields);
  return handOutReversedLoop(
      sweep, b, reversed,
      llvm::map_to_vector(carried,
                          [&](unsigned i) { return loop.getInitArgs()[i]; }),
      llvm::map_to_vector(buffers,
                          [&](unsigned i) { return loop.getInitArgs()[i]; }),
      outer);
}

LogicalResult forTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto loop = cast<scf::ForOp>(op);
  Location loc = loop.getLoc();
  SmallVector<Value> inits = sweep.mapped(loop.getInitArgs());
  for (auto [init, arg] :
       llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs()))
    if (sweep.carriesTangent(arg))
      inits.push_back(sweep.tangentOrZero(b, loc, init));
  auto clone = scf::ForOp::create(b, loc, sweep.mapped(loop.getLowerBound()),
                                  sweep.mapped(loop.getUpperBound()),
                                  sweep.mapped(loop.getStep()), inits);
  dropTerminator(clone.getBody());
  // The induction variable is not active, so the body's arguments line up
  // with the clone's, tangents following.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (failed(sweep.emitRegionBody(
          *loop.getBody(), *clone.getBody(),
          tangentsFor(sweep, yield.getOperands(), loop.getResults()), b)))
    return failure();
  sweep.mapResults(loop, clone);
  return success();
}

std::optional<int64_t> forTripCount(Operation *op) {
  std::optional<APInt> count = cast<scf::ForOp>(op).getStaticTripCount();
  if (!count)
    return std::nullopt;
  return static_cast<int64_t>(
      count->getLimitedValue(std::numeric_limits<int64_t>::max()));
}

Value inductionVariable(Block &body) {
  return cast<scf::ForOp>(body.getParentOp()).getInductionVar();
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

void ifActivity(Operation *op, Activity &activity) {
  auto branch = cast<scf::IfOp>(op);
  for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
    if (!region->empty())
      for (auto [yielded, result] :
           llvm::zip(region->front().getTerminator()->getOperands(),
                     branch.getResults())) {
        activity.flow(yielded, result);
        // A yielded buffer is the result's memory: active data stored
        // through the result lands in it.
        if (isa<MemRefType>(result.getType()))
          activity.flow(result, yielded);
      }
}

LogicalResult ifTapeNeeds(Operation *op, TapePlan &,
                          llvm::SetVector<Value> &needs) {
  needs.insert(cast<scf::IfOp>(op).getCondition());
  return success();
}

/// The yield of a branch hands each yielded buffer's shadow the result's
/// adjoints: what finding that shadow takes is needed where the yield is.
LogicalResult yieldTapeNeeds(Operation *op, TapePlan &plan,
                             llvm::SetVector<Value> &needs) {
  for (auto [yielded, result] :
       llvm::zip(op->getOperands(), op->getParentOp()->getResults()))
    if (isa<MemRefType>(result.getType()) && plan.activity.isActive(result) &&
        plan.activity.isActive(yielded) &&
        failed(plan.shadowInputs(yielded, needs)))
      return failure();
  return success();
}

bool yieldsFromBranch(Operation *op) {
  return isa<scf::IfOp>(op->getParentOp());
}

LogicalResult ifReplay(Operation *op, ForwardSweep &sweep, OpBuilder &b,
                       SmallVectorImpl<Value> &) {
  auto branch = cast<scf::IfOp>(op);
  auto clone = scf::IfOp::create(b, branch.getLoc(), branch.getResultTypes(),
                                 sweep.mapped(branch.getCondition()),
                                 !branch.getElseRegion().empty());
  for (auto [source, dest] :
       llvm::zip(branch->getRegions(), clone->getRegions())) {
    if (source.empty())
      continue;
    dropTerminator(&dest.front());
    OpBuilder inner = OpBuilder::atBlockEnd(&dest.front());
    if (failed(sweep.emitBlock(source.front(), inner, {})))
      return failure();
  }
  sweep.map.map(branch.getResults(), clone.getResults());
  return success();
}

LogicalResult ifReverse(Operation *op, ReverseSweep &sweep, OpBuilder &b) {
  auto branch = cast<scf::IfOp>(op);
  Location loc = branch.getLoc();
  SmallVector<Value> outer = sweep.outerScalars(op);
  FailureOr<Value> condition = sweep.primal(branch.getCondition(), b);
  if (failed(condition))
    return failure();
  SmallVector<unsigned> results = sweep.activeFloats(branch.getResults());
  SmallVector<Value> resultAdjoints;
  for (unsigned i : results)
    resultAdjoints.push_back(sweep.adjointOrZero(branch.getResult(i), b, loc));
  SmallVector<unsigned> buffers = sweep.activeBuffers(branch.getResults());
  SmallVector<Value> resultShadows;
  for (unsigned i : buffers) {
    FailureOr<Value> shadow = sweep.shadowOf(branch.getResult(i), b);
    if (failed(shadow))
      return failure();
    resultShadows.push_back(*shadow);
  }
  SmallVector<Type> types =
      llvm::map_to_vector(outer, [](Value v) { return v.getType(); });
  auto reversed =
      scf::IfOp::create(b, loc, types, *condition, /*withElse=*/true);
  for (auto [source, dest] :
       llvm::zip(branch->getRegions(), reversed->getRegions())) {
    dropTerminator(&dest.front());
    OpBuilder inner = OpBuilder::atBlockEnd(&dest.front());
    SmallVector<Value> adjoints;
    if (source.empty()) {
      adjoints = zeros(outer, inner, loc);
    } else {
      Scope nested;
      Block &block = source.front();
      FailureOr<SmallVector<Value>> computed = sweep.reverseNested(
          block, outer, {},
          [&](OpBuilder &nb) -> LogicalResult {
            Operation *yield = block.getTerminator();
            for (auto [position, i] : llvm::enumerate(results))
              sweep.addAdjoint(yield->getOperand(i), resultAdjoints[position],
                               nb);
            // A yielded buffer is the result's memory: its shadow receives
            // the result's adjoints (a buffer made in the branch when the
            // branch's shadows are made; constant memory none).
            for (auto [position, i] : llvm::enumerate(buffers)) {
              Value yielded = yield->getOperand(i);
              if (!sweep.activity.isActive(yielded))
                continue;
              if (bufferRoot(yielded).getParentBlock() == &block) {
                sweep.giveShadowTo(yielded, resultShadows[position], nb);
                continue;
              }
              FailureOr<Value> shadow = sweep.shadowOf(yielded, nb);
              if (failed(shadow))
                return failure();
              accumulateInto(nb, loc, resultShadows[position], *shadow);
            }
            return success();
          },
          inner, nested);
      if (failed(computed))
        return failure();
      adjoints = *computed;
    }
    scf::YieldOp::create(inner, loc, adjoints);
  }
  for (auto [position, value] : llvm::enumerate(outer))
    sweep.addAdjoint(value, reversed.getResult(position), b);
  return success();
}

LogicalResult ifTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto branch = cast<scf::IfOp>(op);
  auto clone = scf::IfOp::create(
      b, branch.getLoc(), sweep.withTangentTypes(branch.getResults()),
      sweep.mapped(branch.getCondition()), !branch.getElseRegion().empty());
  for (auto [source, dest] :
       llvm::zip(branch->getRegions(), clone->getRegions())) {
    if (source.empty())
      continue;
    dropTerminator(&dest.front());
    Operation *yield = source.front().getTerminator();
    if (failed(sweep.emitRegionBody(
            source.front(), dest.front(),
            tangentsFor(sweep, yield->getOperands(), branch.getResults()), b)))
      return failure();
  }
  sweep.mapResults(branch, clone);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

void whileActivity(Operation *op, Activity &activity) {
  auto loop = cast<scf::WhileOp>(op);
  scf::ConditionOp condition = loop.getConditionOp();
  for (auto [init, arg, yielded] :
       llvm::zip(loop.getInits(), loop.getBeforeArguments(),
                 loop.getYieldedValues())) {
    activity.flow(init, arg);
    activity.flow(yielded, arg);
    if (isa<MemRefType>(arg.getType())) {
      activity.flow(arg, init);
      activity.flow(arg, yielded);
    }
  }
  for (auto [forwarded, after, result] : llvm::zip(
           condition.getArgs(), loop.getAfterArguments(), loop.getResults())) {
    activity.flow(forwarded, after);
    activity.flow(forwarded, result);
    activity.flow(after, result);
    activity.flow(result, after);
  }
}

/// A buffer the loop carries: before argument `before`, which the condition
/// hands unchanged to after argument (and result) `after`; the body yields
/// it back, or a buffer it allocates, or constant memory.
struct CarriedBuffer {
  unsigned before, after;
};

/// The active buffers `loop` carries, or failure.
FailureOr<SmallVector<CarriedBuffer>>
carriedBuffers(scf::WhileOp loop, const Activity &activity, Engine &engine) {
  SmallVector<CarriedBuffer> buffers;
  scf::ConditionOp condition = loop.getConditionOp();
  for (auto [i, arg] : llvm::enumerate(loop.getBeforeArguments())) {
    if (!isa<MemRefType>(arg.getType()) || !activity.isActive(arg))
      continue;
    auto forwarded = llvm::find(condition.getArgs(), arg);
    if (forwarded == condition.getArgs().end())
      return engine.emitError(loop)
             << "cannot differentiate an scf.while whose condition region "
                "does not hand on the buffer it carries";
    buffers.push_back(
        {static_cast<unsigned>(i),
         static_cast<unsigned>(forwarded - condition.getArgs().begin())});
  }
  return buffers;
}

LogicalResult whileTapeNeeds(Operation *op, TapePlan &plan,
                             llvm::SetVector<Value> &needs) {
  auto loop = cast<scf::WhileOp>(op);
  // The reverse sweep runs the regions as often as the forward did.
  plan.addCounter(IntegerType::get(op->getContext(), 64));
  FailureOr<SmallVector<CarriedBuffer>> buffers =
      carriedBuffers(loop, plan.activity, plan.engine);
  if (failed(buffers))
    return failure();
  // The carried shadow goes to the initial buffer's at the end.
  for (CarriedBuffer buffer : *buffers)
    if (plan.activity.isActive(loop.getInits()[buffer.before]) &&
        failed(plan.shadowInputs(loop.getInits()[buffer.before], needs)))
      return failure();
  return success();
}

/// An extra loop value counts the iterations of the body.
LogicalResult whileReplay(Operation *op, ForwardSweep &sweep, OpBuilder &b,
                          SmallVectorImpl<Value> &counters) {
  auto loop = cast<scf::WhileOp>(op);
  Location loc = loop.getLoc();
  Type i64 = b.getI64Type();
  SmallVector<Value> inits = sweep.mapped(loop.getInits());
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
  sweep.map.map(loop.getBeforeArguments(), before->getArguments().drop_back());
  sweep.map.map(loop.getAfterArguments(), after->getArguments().drop_back());
  OpBuilder beforeBuilder = OpBuilder::atBlockEnd(before);
  if (failed(sweep.emitBlock(loop.getBefore().front(), beforeBuilder,
                             {before->getArguments().back()})))
    return failure();
  OpBuilder afterBuilder = OpBuilder::atBlockEnd(after);
  Value one =
      arith::ConstantOp::create(afterBuilder, loc, b.getI64IntegerAttr(1));
  Value next = arith::AddIOp::create(afterBuilder, loc,
                                     after->getArguments().back(), one);
  if (failed(sweep.emitBlock(loop.getAfter().front(), afterBuilder, {next})))
    return failure();
  b.setInsertionPointAfter(clone);
  sweep.map.map(loop.getResults(), clone.getResults().drop_back());
  counters.push_back(clone.getResults().back());
  return success();
}

/// Forward: before_0, after_0, before_1, ..., after_{n-1}, before_n.
/// Reverse: before_n, then n times (after, before), innermost last. The
/// reversed loop carries the adjoints of carried floats and the shadows of
/// carried buffers (of the buffer the before region received).
LogicalResult whileReverse(Operation *op, ReverseSweep &sweep, OpBuilder &b) {
  auto loop = cast<scf::WhileOp>(op);
  Location loc = loop.getLoc();
  Value count = sweep.counters().front();
  SmallVector<Value> outer = sweep.outerScalars(op);
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  auto condition = loop.getConditionOp();
  SmallVector<unsigned> forwarded =
      sweep.activeFloats(loop.getAfterArguments());
  SmallVector<unsigned> carried = sweep.activeFloats(loop.getBeforeArguments());
  FailureOr<SmallVector<CarriedBuffer>> buffers =
      carriedBuffers(loop, sweep.activity, sweep.engine);
  if (failed(buffers))
    return failure();

  /// Reverses one evaluation of the condition region, given the adjoints of
  /// what it forwards and the shadows of the buffers it received; returns
  /// the carried floats' adjoints and the outer scalars' adjoints.
  auto reverseBefore = [&](OpBuilder &builder,
                           ArrayRef<Value> forwardedAdjoints,
                           ValueRange outerInit, ValueRange shadows)
      -> FailureOr<std::pair<SmallVector<Value>, SmallVector<Value>>> {
    Scope nested;
    FailureOr<SmallVector<Value>> outerAdjoints = sweep.reverseNested(
        before, outer, outerInit,
        [&](OpBuilder &nb) -> LogicalResult {
          for (auto [position, i] : llvm::enumerate(forwarded))
            sweep.addAdjoint(condition.getArgs()[i],
                             forwardedAdjoints[position], nb);
          for (auto [buffer, shadow] : llvm::zip(*buffers, shadows))
            sweep.setShadow(before.getArgument(buffer.before), shadow);
          return success();
        },
        builder, nested);
    if (failed(outerAdjoints))
      return failure();
    ReverseSweep::EnterScope enter(sweep, nested);
    SmallVector<Value> carriedAdjoints;
    for (unsigned i : carried)
      carriedAdjoints.push_back(
          sweep.adjointOrZero(loop.getBeforeArguments()[i], builder, loc));
    return std::make_pair(carriedAdjoints, *outerAdjoints);
  };

  // The last evaluation of the condition region: what it forwards are the
  // loop's results.
  SmallVector<Value> resultAdjoints, resultShadows;
  for (unsigned i : forwarded)
    resultAdjoints.push_back(sweep.adjointOrZero(loop.getResult(i), b, loc));
  for (CarriedBuffer buffer : *buffers) {
    FailureOr<Value> shadow = sweep.shadowOf(loop.getResult(buffer.after), b);
    if (failed(shadow))
      return failure();
    resultShadows.push_back(*shadow);
  }
  auto last =
      reverseBefore(b, resultAdjoints, zeros(outer, b, loc), resultShadows);
  if (failed(last))
    return failure();
  SmallVector<Value> inits(last->first);
  llvm::append_range(inits, resultShadows);
  llvm::append_range(inits, last->second);
  Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
  Value one = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
  auto reversed = scf::ForOp::create(b, loc, zero, count, one, inits);
  dropTerminator(reversed.getBody());
  OpBuilder inner = OpBuilder::atBlockEnd(reversed.getBody());
  ValueRange loopValues = reversed.getRegionIterArgs();
  ValueRange carriedIn = loopValues.take_front(carried.size());
  ValueRange shadowsIn = loopValues.slice(carried.size(), buffers->size());
  ValueRange outerIn = loopValues.drop_front(carried.size() + buffers->size());

  // One body execution, reversed: its yields continue the carried values.
  Scope afterScope;
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  FailureOr<SmallVector<Value>> outerAfter = sweep.reverseNested(
      after, outer, outerIn,
      [&](OpBuilder &nb) -> LogicalResult {
        for (auto [position, i] : llvm::enumerate(carried))
          sweep.addAdjoint(yield.getOperand(i), carriedIn[position], nb);
        for (auto [buffer, shadow] : llvm::zip(*buffers, shadowsIn)) {
          Value arg = after.getArgument(buffer.after);
          Value yielded = yield.getOperand(buffer.before);
          if (yielded == arg) {
            sweep.setShadow(arg, shadow);
            continue;
          }
          if (sweep.activity.isActive(yielded)) {
            if (bufferRoot(yielded).getParentBlock() != &after)
              return sweep.engine.emitError(loop)
                     << "cannot differentiate a loop that yields a buffer it "
                        "did not allocate";
            sweep.giveShadowTo(yielded, shadow, nb);
          }
          // Otherwise constant memory: the next iteration's adjoints go
          // nowhere.
          sweep.setShadow(arg, zeroBufferLike(nb, loc, arg, {}));
        }
        return success();
      },
      inner, afterScope);
  if (failed(outerAfter))
    return failure();
  SmallVector<Value> forwardedAdjoints, afterShadows;
  {
    ReverseSweep::EnterScope enter(sweep, afterScope);
    for (unsigned i : forwarded)
      forwardedAdjoints.push_back(
          sweep.adjointOrZero(after.getArgument(i), inner, loc));
    for (CarriedBuffer buffer : *buffers)
      afterShadows.push_back(
          afterScope.shadow.lookup(after.getArgument(buffer.after)));
  }
  // The condition region received the buffer the body then received.
  auto previous =
      reverseBefore(inner, forwardedAdjoints, *outerAfter, afterShadows);
  if (failed(previous))
    return failure();
  SmallVector<Value> yields(previous->first);
  llvm::append_range(yields, afterShadows);
  llvm::append_range(yields, previous->second);
  scf::YieldOp::create(inner, loc, yields);

  return handOutReversedLoop(
      sweep, b, reversed,
      llvm::map_to_vector(carried,
                          [&](unsigned i) { return loop.getInits()[i]; }),
      llvm::map_to_vector(
          *buffers,
          [&](CarriedBuffer buffer) { return loop.getInits()[buffer.before]; }),
      outer);
}

LogicalResult whileTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto loop = cast<scf::WhileOp>(op);
  Location loc = loop.getLoc();
  SmallVector<Value> inits = sweep.mapped(loop.getInits());
  for (auto [init, arg] : llvm::zip(loop.getInits(), loop.getBeforeArguments()))
    if (sweep.carriesTangent(arg))
      inits.push_back(sweep.tangentOrZero(b, loc, init));
  auto clone = scf::WhileOp::create(
      b, loc, sweep.withTangentTypes(loop.getResults()), inits);
  SmallVector<Type> beforeTypes =
      sweep.withTangentTypes(loop.getBeforeArguments());
  SmallVector<Type> afterTypes =
      sweep.withTangentTypes(loop.getAfterArguments());
  Block *before = b.createBlock(&clone.getBefore(), {}, beforeTypes,
                                SmallVector<Location>(beforeTypes.size(), loc));
  Block *after = b.createBlock(&clone.getAfter(), {}, afterTypes,
                               SmallVector<Location>(afterTypes.size(), loc));
  scf::ConditionOp condition = loop.getConditionOp();
  if (failed(sweep.emitRegionBody(
          loop.getBefore().front(), *before,
          tangentsFor(sweep, condition.getArgs(), loop.getAfterArguments()),
          b)) ||
      failed(sweep.emitRegionBody(loop.getAfter().front(), *after,
                                  tangentsFor(sweep, loop.getYieldedValues(),
                                              loop.getBeforeArguments()),
                                  b)))
    return failure();
  b.setInsertionPointAfter(clone);
  sweep.mapResults(loop, clone);
  return success();
}

const OpRule kSCFRules[] = {
    {.opName = scf::ForOp::getOperationName(),
     .activity = forActivity,
     .tapeNeeds = forTapeNeeds,
     .replay = forReplay,
     .reverse = forReverse,
     .tangent = forTangent,
     .rebuiltArgument = inductionVariable,
     .constantTripCount = forTripCount,
     .carriesBuffers = true},
    {.opName = scf::IfOp::getOperationName(),
     .activity = ifActivity,
     .tapeNeeds = ifTapeNeeds,
     .replay = ifReplay,
     .reverse = ifReverse,
     .tangent = ifTangent},
    {.opName = scf::YieldOp::getOperationName(),
     .applies = yieldsFromBranch,
     .tapeNeeds = yieldTapeNeeds},
    {.opName = scf::WhileOp::getOperationName(),
     .activity = whileActivity,
     .tapeNeeds = whileTapeNeeds,
     .replay = whileReplay,
     .reverse = whileReverse,
     .tangent = whileTangent,
     .carriesBuffers = true},
};

} // namespace

DialectRules cotangent::autodiff::scfRules() { return {{}, kSCFRules, {}, {}}; }
