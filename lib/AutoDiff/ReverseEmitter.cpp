//===- ReverseEmitter.cpp - reverse-mode derivative functions -------------===//
//
// The forward sweep (ForwardSweep.cpp) replays the primal and pushes what
// TapePlan says; the reverse sweep walks every block backwards, popping each
// segment's values before reversing it. Adjoints of scalars are SSA values kept
// per scope (one scope per reversed block); a reversed loop or branch carries,
// as loop values and results, the adjoints of the outer scalars it uses.
// Adjoints of buffers live in shadow buffers: a load adds into its shadow
// element, a store moves the shadow element's value into the stored value's
// adjoint and clears it (the overwritten value's derivative no longer flows
// anywhere).
//
//===----------------------------------------------------------------------===//
#include "ReverseEmitter.h"

#include "Activity.h"
#include "CustomGradientCalls.h"
#include "ForwardSweep.h"
#include "IRHelpers.h"
#include "Rules.h"
#include "TapePlan.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;

namespace {

/// Whether `value` is defined outside `op` (not in any of its regions).
bool definedOutside(Value value, Operation *op) {
  Operation *owner = value.getParentBlock()->getParentOp();
  return owner != op && !op->isProperAncestor(owner);
}

//===----------------------------------------------------------------------===//
// Reverse sweep
//===----------------------------------------------------------------------===//

/// The reverse code of one block.
struct Scope {
  Scope *parent = nullptr;
  Block *block = nullptr;
  DenseMap<Value, Value> primal;        ///< restored from the tape
  DenseMap<Value, Value> shadow;        ///< shadow buffers
  DenseMap<Value, Value> adjoint;       ///< null: zero so far
  llvm::SetVector<Value> outerAdjoints; ///< outer values accumulated here
  Value whileCount;

  bool owns(Value value) const {
    return value.getParentBlock() == block || outerAdjoints.contains(value);
  }
};

class ReverseSweep {
public:
  ReverseSweep(Engine &engine, const Activity &activity, const TapePlan &plan)
      : engine(engine), activity(activity), plan(plan) {}

  LogicalResult emit(func::FuncOp primal, ArrayRef<unsigned> activeArgs,
                     ArrayRef<unsigned> rereadArgs, func::FuncOp target) {
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
    auto ret = cast<func::ReturnOp>(primal.front().getTerminator());
    for (Value result : ret.getOperands())
      if (isa<FloatType>(result.getType()))
        addAdjoint(result, entry->getArgument(next++), b);
    if (failed(reverseBlock(primal.front(), b)))
      return failure();
    SmallVector<Value> adjoints;
    for (unsigned index : activeArgs) {
      Value arg = primal.getArgument(index);
      if (!isa<MemRefType>(arg.getType()))
        adjoints.push_back(adjointOrZero(arg, b, ret.getLoc()));
    }
    func::ReturnOp::create(b, ret.getLoc(), adjoints);
    return success();
  }

private:
  /// Makes a scope the current one while it lives.
  class EnterScope {
  public:
    EnterScope(ReverseSweep &sweep, Scope &entered)
        : sweep(sweep), saved(sweep.scope) {
      sweep.scope = &entered;
    }
    ~EnterScope() { sweep.scope = saved; }

  private:
    ReverseSweep &sweep;
    Scope *saved;
  };

  //===--- Values available to the reverse code ---------------------------===//

  Scope *owner(Value value) {
    for (Scope *s = scope; s; s = s->parent)
      if (s->owns(value))
        return s;
    return nullptr;
  }

  Value adjointOf(Value value) {
    Scope *s = owner(value);
    return s ? s->adjoint.lookup(value) : Value();
  }

  Value adjointOrZero(Value value, OpBuilder &b, Location loc) {
    Value adjoint = adjointOf(value);
    return adjoint ? adjoint : zeroOf(b, loc, value.getType());
  }

  void addAdjoint(Value value, Value contribution, OpBuilder &b) {
    if (!contribution || !activity.isActive(value) ||
        !isa<FloatType>(value.getType()))
      return;
    Scope *s = owner(value);
    assert(s && "adjoint of a value outside every reversed block");
    Value &slot = s->adjoint[value];
    slot = addOrNull(b, contribution.getLoc(), slot, contribution);
  }

  /// The primal `value` in the reverse code: restored from the tape, or a
  /// rebuilt constant.
  FailureOr<Value> primal(Value value, OpBuilder &b) {
    if (TapePlan::isRebuilt(value))
      return b.clone(*value.getDefiningOp())->getResult(0);
    if (plan.isReloaded(value)) {
      auto load = value.getDefiningOp<memref::LoadOp>();
      FailureOr<Value> buffer = primalBuffer(load.getMemRef(), b);
      FailureOr<SmallVector<Value>> indices = primals(load.getIndices(), b);
      if (failed(buffer) || failed(indices))
        return failure();
      return memref::LoadOp::create(b, load.getLoc(), *buffer, *indices)
          .getResult();
    }
    for (Scope *s = scope; s; s = s->parent)
      if (Value restored = s->primal.lookup(value))
        return restored;
    Operation *where = value.getDefiningOp()
                           ? value.getDefiningOp()
                           : value.getParentBlock()->getParentOp();
    return engine.emitError(where)
           << "internal error: a value the reverse sweep "
              "needs was not saved";
  }

  FailureOr<SmallVector<Value>> primals(ValueRange values, OpBuilder &b) {
    SmallVector<Value> result;
    for (Value value : values) {
      FailureOr<Value> p = primal(value, b);
      if (failed(p))
        return failure();
      result.push_back(*p);
    }
    return result;
  }

  /// The same view as `view`, of `source` (restored offsets and sizes).
  FailureOr<Value> rebuildView(Operation *view, FailureOr<Value> source,
                               OpBuilder &b) {
    FailureOr<SmallVector<Value>> operands =
        primals(view->getOperands().drop_front(), b);
    if (failed(source) || failed(operands))
      return failure();
    Operation *clone = b.clone(*view);
    clone->setOperand(0, *source);
    for (auto [i, operand] : llvm::enumerate(*operands))
      clone->setOperand(i + 1, operand);
    return clone->getResult(0);
  }

  /// A re-read buffer (an argument, or a view of one rebuilt here).
  FailureOr<Value> primalBuffer(Value buffer, OpBuilder &b) {
    Operation *view = buffer.getDefiningOp();
    if (!view || !isViewOp(view))
      return primal(buffer, b);
    return rebuildView(view, primalBuffer(view->getOperand(0), b), b);
  }

  /// The shadow of a buffer; views of shadows are made on first use.
  FailureOr<Value> shadowOf(Value buffer, OpBuilder &b) {
    for (Scope *s = scope; s; s = s->parent)
      if (Value shadow = s->shadow.lookup(buffer))
        return shadow;
    Operation *view = buffer.getDefiningOp();
    if (!view || !isViewOp(view))
      return engine.emitError(view ? view
                                   : buffer.getParentBlock()->getParentOp())
             << "internal error: no shadow for a buffer";
    FailureOr<Value> shadow =
        rebuildView(view, shadowOf(view->getOperand(0), b), b);
    if (succeeded(shadow))
      scope->shadow[buffer] = *shadow;
    return shadow;
  }

  //===--- Blocks and segments --------------------------------------------===//

  LogicalResult reverseBlock(Block &block, OpBuilder &b) {
    ArrayRef<Segment> segments = plan.segments(&block);
    for (size_t i = segments.size(); i-- > 0;) {
      const Segment &segment = segments[i];
      restore(segment, b,
              segment.regionOp ? segment.regionOp->getLoc()
                               : segment.ops.back()->getLoc());
      if (i + 1 == segments.size() && failed(allocateShadows(block, b)))
        return failure();
      if (segment.regionOp) {
        if (failed(reverseRegionOp(segment.regionOp, b)))
          return failure();
        continue;
      }
      for (Operation *op : llvm::reverse(segment.ops))
        if (!op->hasTrait<OpTrait::IsTerminator>() && failed(reverseOp(op, b)))
          return failure();
    }
    return success();
  }

  void restore(const Segment &segment, OpBuilder &b, Location loc) {
    bool counted = isa_and_nonnull<scf::WhileOp>(segment.regionOp);
    SmallVector<Type> types;
    if (counted)
      types.push_back(b.getI64Type());
    for (Value value : segment.saved)
      types.push_back(value.getType());
    if (types.empty())
      return;
    auto pop = TapePopOp::create(b, loc, types);
    ValueRange values = pop.getResults();
    if (counted) {
      scope->whileCount = values.front();
      values = values.drop_front();
    }
    for (auto [value, restored] : llvm::zip(segment.saved, values))
      scope->primal[value] = restored;
  }

  /// Zero shadows for the buffers `block` allocates or gets from loops,
  /// unless a reversed loop already carries one in.
  LogicalResult allocateShadows(Block &block, OpBuilder &b) {
    for (Operation &op : block) {
      if (isa<scf::ForOp, scf::IfOp>(op)) {
        for (Value result : op.getResults())
          if (isa<MemRefType>(result.getType()) && activity.isActive(result))
            scope->shadow[result] = zeroBufferLike(b, op.getLoc(), result, {});
        continue;
      }
      if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
          !activity.isActive(op.getResult(0)) ||
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

  /// Reverses `block` in a new scope whose outer-value adjoints start as
  /// `outerInit` (null: zero); returns those adjoints after the block.
  FailureOr<SmallVector<Value>>
  reverseNested(Block &block, ArrayRef<Value> outerValues, ValueRange outerInit,
                llvm::function_ref<void(OpBuilder &)> seed, OpBuilder &b,
                Scope &nested) {
    nested.parent = scope;
    nested.block = &block;
    for (auto [i, value] : llvm::enumerate(outerValues)) {
      nested.outerAdjoints.insert(value);
      nested.adjoint[value] = outerInit.empty() ? Value() : outerInit[i];
    }
    {
      EnterScope enter(*this, nested);
      seed(b);
      if (failed(reverseBlock(block, b)))
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

  /// Active float scalars defined outside `op` and used inside it.
  SmallVector<Value> outerScalars(Operation *op) {
    llvm::SetVector<Value> values;
    op->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (isa<FloatType>(operand.getType()) && activity.isActive(operand) &&
            definedOutside(operand, op) && !TapePlan::isRebuilt(operand))
          values.insert(operand);
    });
    return values.takeVector();
  }

  SmallVector<Value> zeros(ArrayRef<Value> values, OpBuilder &b, Location loc) {
    return llvm::map_to_vector(
        values, [&](Value v) { return zeroOf(b, loc, v.getType()); });
  }

  //===--- Loops and branches ---------------------------------------------===//

  LogicalResult reverseRegionOp(Operation *op, OpBuilder &b) {
    SmallVector<Value> outer = outerScalars(op);
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return reverseFor(loop, outer, b);
    if (auto branch = dyn_cast<scf::IfOp>(op))
      return reverseIf(branch, outer, b);
    return reverseWhile(cast<scf::WhileOp>(op), outer, b);
  }

  /// Indices of the active float values among `values`.
  SmallVector<unsigned> activeFloats(ValueRange values) {
    SmallVector<unsigned> indices;
    for (auto [i, value] : llvm::enumerate(values))
      if (isa<FloatType>(value.getType()) && activity.isActive(value))
        indices.push_back(i);
    return indices;
  }

  LogicalResult reverseFor(scf::ForOp loop, ArrayRef<Value> outer,
                           OpBuilder &b) {
    Location loc = loop.getLoc();
    FailureOr<SmallVector<Value>> bounds = primals(
        {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()}, b);
    if (failed(bounds))
      return failure();
    Value count = tripCount(b, loc, (*bounds)[0], (*bounds)[1], (*bounds)[2]);
    Block &body = *loop.getBody();
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    SmallVector<unsigned> carried = activeFloats(loop.getRegionIterArgs());
    // Loop-carried buffers: the reversed loop carries the shadow of the
    // buffer each iteration yields, backwards.
    SmallVector<unsigned> buffers;
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs()))
      if (isa<MemRefType>(arg.getType()) && activity.isActive(arg))
        buffers.push_back(i);
    SmallVector<Value> inits;
    for (unsigned i : carried)
      inits.push_back(adjointOrZero(loop.getResult(i), b, loc));
    for (unsigned i : buffers) {
      FailureOr<Value> shadow = shadowOf(loop.getResult(i), b);
      if (failed(shadow))
        return failure();
      inits.push_back(*shadow);
    }
    llvm::append_range(inits, zeros(outer, b, loc));
    Value zero =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(count.getType()));
    Value one =
        arith::ConstantOp::create(b, loc, b.getOneAttr(count.getType()));
    auto reversed = scf::ForOp::create(b, loc, zero, count, one, inits);
    dropTerminator(reversed.getBody());
    OpBuilder inner = OpBuilder::atBlockEnd(reversed.getBody());
    ValueRange loopValues = reversed.getRegionIterArgs();
    ValueRange carriedAdjoints = loopValues.take_front(carried.size());
    ValueRange carriedShadows =
        loopValues.slice(carried.size(), buffers.size());
    Scope nested;
    LogicalResult seeded = success();
    FailureOr<SmallVector<Value>> outerAdjoints = reverseNested(
        body, outer, loopValues.drop_front(carried.size() + buffers.size()),
        [&](OpBuilder &nb) {
          // Iteration k of the reversed loop reverses iteration N-1-k.
          Value last = arith::SubIOp::create(nb, loc, count, one);
          Value k =
              arith::SubIOp::create(nb, loc, last, reversed.getInductionVar());
          Value offset = arith::MulIOp::create(nb, loc, k, (*bounds)[2]);
          scope->primal[loop.getInductionVar()] =
              arith::AddIOp::create(nb, loc, (*bounds)[0], offset);
          for (auto [position, i] : llvm::enumerate(carried))
            addAdjoint(yield.getOperand(i), carriedAdjoints[position], nb);
          for (auto [position, i] : llvm::enumerate(buffers)) {
            Value arg = body.getArgument(i + 1), yielded = yield.getOperand(i);
            if (yielded == arg) {
              scope->shadow[arg] = carriedShadows[position];
              continue;
            }
            if (!isa_and_nonnull<memref::AllocOp>(yielded.getDefiningOp()) ||
                yielded.getParentBlock() != &body) {
              seeded = engine.emitError(loop) << "cannot differentiate a loop "
                                                 "that yields a buffer it did "
                                                 "not allocate";
              return;
            }
            scope->shadow[yielded] = carriedShadows[position];
            scope->shadow[arg] = zeroBufferLike(nb, loc, arg, {});
          }
        },
        inner, nested);
    if (failed(seeded) || failed(outerAdjoints))
      return failure();
    SmallVector<Value> yields;
    {
      EnterScope enter(*this, nested);
      for (unsigned i : carried)
        yields.push_back(
            adjointOrZero(loop.getRegionIterArgs()[i], inner, loc));
      for (unsigned i : buffers)
        yields.push_back(nested.shadow.lookup(body.getArgument(i + 1)));
    }
    llvm::append_range(yields, *outerAdjoints);
    scf::YieldOp::create(inner, loc, yields);
    for (auto [position, i] : llvm::enumerate(carried))
      addAdjoint(loop.getInitArgs()[i], reversed.getResult(position), b);
    for (auto [position, i] : llvm::enumerate(buffers)) {
      Value init = loop.getInitArgs()[i];
      if (!activity.isActive(init))
        continue;
      FailureOr<Value> shadow = shadowOf(init, b);
      if (failed(shadow))
        return failure();
      accumulateInto(b, loc, reversed.getResult(carried.size() + position),
                     *shadow);
    }
    for (auto [position, value] : llvm::enumerate(outer))
      addAdjoint(value,
                 reversed.getResult(carried.size() + buffers.size() + position),
                 b);
    return success();
  }

  LogicalResult reverseIf(scf::IfOp branch, ArrayRef<Value> outer,
                          OpBuilder &b) {
    Location loc = branch.getLoc();
    FailureOr<Value> condition = primal(branch.getCondition(), b);
    if (failed(condition))
      return failure();
    SmallVector<unsigned> results = activeFloats(branch.getResults());
    SmallVector<Value> resultAdjoints;
    for (unsigned i : results)
      resultAdjoints.push_back(adjointOrZero(branch.getResult(i), b, loc));
    SmallVector<unsigned> buffers;
    SmallVector<Value> resultShadows;
    for (auto [i, result] : llvm::enumerate(branch.getResults())) {
      if (!isa<MemRefType>(result.getType()) || !activity.isActive(result))
        continue;
      FailureOr<Value> shadow = shadowOf(result, b);
      if (failed(shadow))
        return failure();
      buffers.push_back(i);
      resultShadows.push_back(*shadow);
    }
    LogicalResult seeded = success();
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
        FailureOr<SmallVector<Value>> computed = reverseNested(
            block, outer, {},
            [&](OpBuilder &nb) {
              Operation *yield = block.getTerminator();
              for (auto [position, i] : llvm::enumerate(results))
                addAdjoint(yield->getOperand(i), resultAdjoints[position], nb);
              // A yielded buffer is the result's memory: a buffer made in
              // the branch takes the result's shadow, an outer one receives
              // its adjoints.
              for (auto [position, i] : llvm::enumerate(buffers)) {
                Value yielded = yield->getOperand(i);
                if (yielded.getParentBlock() == &block) {
                  scope->shadow[yielded] = resultShadows[position];
                  continue;
                }
                FailureOr<Value> shadow = shadowOf(yielded, nb);
                if (failed(shadow)) {
                  seeded = failure();
                  return;
                }
                accumulateInto(nb, loc, resultShadows[position], *shadow);
              }
            },
            inner, nested);
        if (failed(seeded) || failed(computed))
          return failure();
        adjoints = *computed;
      }
      scf::YieldOp::create(inner, loc, adjoints);
    }
    for (auto [position, value] : llvm::enumerate(outer))
      addAdjoint(value, reversed.getResult(position), b);
    return success();
  }

  /// Forward: before_0, after_0, before_1, ..., after_{n-1}, before_n.
  /// Reverse: before_n, then n times (after, before), innermost last.
  LogicalResult reverseWhile(scf::WhileOp loop, ArrayRef<Value> outer,
                             OpBuilder &b) {
    Location loc = loop.getLoc();
    Value count = scope->whileCount;
    Block &before = loop.getBefore().front();
    Block &after = loop.getAfter().front();
    auto condition = loop.getConditionOp();
    SmallVector<unsigned> forwarded = activeFloats(loop.getAfterArguments());
    SmallVector<unsigned> carried = activeFloats(loop.getBeforeArguments());

    // The last evaluation of the condition region: its forwarded values are
    // the loop's results.
    SmallVector<Value> resultAdjoints;
    for (unsigned i : forwarded)
      resultAdjoints.push_back(adjointOrZero(loop.getResult(i), b, loc));
    auto reverseBefore = [&](OpBuilder &builder,
                             ArrayRef<Value> forwardedAdjoints,
                             ValueRange outerInit)
        -> FailureOr<std::pair<SmallVector<Value>, SmallVector<Value>>> {
      Scope nested;
      FailureOr<SmallVector<Value>> outerAdjoints = reverseNested(
          before, outer, outerInit,
          [&](OpBuilder &nb) {
            for (auto [position, i] : llvm::enumerate(forwarded))
              addAdjoint(condition.getArgs()[i], forwardedAdjoints[position],
                         nb);
          },
          builder, nested);
      if (failed(outerAdjoints))
        return failure();
      EnterScope enter(*this, nested);
      SmallVector<Value> carriedAdjoints;
      for (unsigned i : carried)
        carriedAdjoints.push_back(
            adjointOrZero(loop.getBeforeArguments()[i], builder, loc));
      return std::make_pair(carriedAdjoints, *outerAdjoints);
    };

    auto last = reverseBefore(b, resultAdjoints, zeros(outer, b, loc));
    if (failed(last))
      return failure();
    SmallVector<Value> inits(last->first);
    llvm::append_range(inits, last->second);
    Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
    Value one = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
    auto reversed = scf::ForOp::create(b, loc, zero, count, one, inits);
    dropTerminator(reversed.getBody());
    OpBuilder inner = OpBuilder::atBlockEnd(reversed.getBody());
    ValueRange carriedIn =
        reversed.getRegionIterArgs().take_front(carried.size());
    ValueRange outerIn =
        reversed.getRegionIterArgs().drop_front(carried.size());

    // One body execution, reversed: its yields continue the carried values.
    Scope afterScope;
    auto yield = cast<scf::YieldOp>(after.getTerminator());
    FailureOr<SmallVector<Value>> outerAfter = reverseNested(
        after, outer, outerIn,
        [&](OpBuilder &nb) {
          for (auto [position, i] : llvm::enumerate(carried))
            addAdjoint(yield.getOperand(i), carriedIn[position], nb);
        },
        inner, afterScope);
    if (failed(outerAfter))
      return failure();
    SmallVector<Value> forwardedAdjoints;
    {
      EnterScope enter(*this, afterScope);
      for (unsigned i : forwarded)
        forwardedAdjoints.push_back(
            adjointOrZero(after.getArgument(i), inner, loc));
    }
    auto previous = reverseBefore(inner, forwardedAdjoints, *outerAfter);
    if (failed(previous))
      return failure();
    SmallVector<Value> yields(previous->first);
    llvm::append_range(yields, previous->second);
    scf::YieldOp::create(inner, loc, yields);

    for (auto [position, i] : llvm::enumerate(carried))
      addAdjoint(loop.getInits()[i], reversed.getResult(position), b);
    for (auto [position, value] : llvm::enumerate(outer))
      addAdjoint(value, reversed.getResult(carried.size() + position), b);
    return success();
  }

  //===--- Plain ops ------------------------------------------------------===//

  LogicalResult reverseOp(Operation *op, OpBuilder &b) {
    Location loc = op->getLoc();
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      Value adjoint = adjointOf(load.getResult());
      if (!adjoint || !activity.isActive(load.getMemRef()))
        return success();
      FailureOr<Value> shadow = shadowOf(load.getMemRef(), b);
      FailureOr<SmallVector<Value>> indices = primals(load.getIndices(), b);
      if (failed(shadow) || failed(indices))
        return failure();
      Value old = memref::LoadOp::create(b, loc, *shadow, *indices);
      Value sum = arith::AddFOp::create(b, loc, old, adjoint);
      memref::StoreOp::create(b, loc, sum, *shadow, *indices);
      return success();
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (!activity.isActive(store.getMemRef()))
        return success();
      FailureOr<Value> shadow = shadowOf(store.getMemRef(), b);
      FailureOr<SmallVector<Value>> indices = primals(store.getIndices(), b);
      if (failed(shadow) || failed(indices))
        return failure();
      Value adjoint = memref::LoadOp::create(b, loc, *shadow, *indices);
      Value zero = zeroOf(b, loc, adjoint.getType());
      memref::StoreOp::create(b, loc, zero, *shadow, *indices);
      addAdjoint(store.getValueToStore(), adjoint, b);
      return success();
    }
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      if (!activity.isActive(copy.getTarget()))
        return success();
      FailureOr<Value> target = shadowOf(copy.getTarget(), b);
      if (failed(target))
        return failure();
      if (activity.isActive(copy.getSource())) {
        FailureOr<Value> source = shadowOf(copy.getSource(), b);
        if (failed(source))
          return failure();
        accumulateInto(b, loc, *target, *source);
      }
      fillZero(b, loc, *target);
      return success();
    }
    if (auto call = dyn_cast<func::CallOp>(op))
      return reverseCall(call, b);
    if (op->getNumResults() != 1 || !isa<FloatType>(op->getResult(0).getType()))
      return success();
    Value result = op->getResult(0);
    Value adjoint = adjointOf(result);
    if (!adjoint || !activity.isActive(result))
      return success();
    const ScalarRule *rule = lookupScalarRule(op->getName().getStringRef());
    SmallVector<Value> operands(op->getNumOperands());
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      if (!(rule->operandsRead & (1u << i)))
        continue;
      FailureOr<Value> p = primal(operand, b);
      if (failed(p))
        return failure();
      operands[i] = *p;
    }
    Value resultValue;
    if (rule->resultRead) {
      FailureOr<Value> p = primal(result, b);
      if (failed(p))
        return failure();
      resultValue = *p;
    }
    PartialBuilder partials(b, loc, result.getType());
    SmallVector<Value> p = rule->partials(partials, operands, resultValue);
    for (auto [operand, partial] : llvm::zip(op->getOperands(), p)) {
      if (!partial || !activity.isActive(operand))
        continue;
      Value contribution = arith::MulFOp::create(b, loc, adjoint, partial);
      addAdjoint(operand, convertFloat(b, loc, contribution, operand.getType()),
                 b);
    }
    return success();
  }

  LogicalResult reverseCall(func::CallOp call, OpBuilder &b) {
    if (!llvm::any_of(call.getOperands(),
                      [&](Value v) { return activity.isActive(v); }))
      return success();
    if (CustomGradient *custom = engine.customGradient(call.getCallee())) {
      // Named: ReverseAccess holds function_refs to them.
      auto shadow = [&](Value buffer) { return shadowOf(buffer, b); };
      auto adjoint = [&](Value scalar) {
        return adjointOrZero(scalar, b, call.getLoc());
      };
      auto add = [&](Value scalar, Value contribution) {
        addAdjoint(scalar, contribution, b);
      };
      auto active = [&](Value value) { return activity.isActive(value); };
      return emitCustomReverse(b, engine, call, *custom,
                               {shadow, adjoint, add, active});
    }
    FailureOr<ReverseFunctions> derivative =
        engine.reverseOfCall(call, activity.activeOperands(call));
    if (failed(derivative))
      return failure();
    Location loc = call.getLoc();
    SmallVector<Value> operands;
    for (unsigned index : derivative->activeArgs) {
      Value operand = call.getOperand(index);
      if (!isa<MemRefType>(operand.getType()))
        continue;
      FailureOr<Value> shadow = shadowOf(operand, b);
      if (failed(shadow))
        return failure();
      operands.push_back(*shadow);
    }
    for (Value result : call.getResults())
      if (isa<FloatType>(result.getType()))
        operands.push_back(adjointOrZero(result, b, loc));
    auto reversed = func::CallOp::create(b, loc, derivative->reverse, operands);
    unsigned next = 0;
    for (unsigned index : derivative->activeArgs) {
      Value operand = call.getOperand(index);
      if (!isa<MemRefType>(operand.getType()))
        addAdjoint(operand, reversed.getResult(next++), b);
    }
    return success();
  }

  Engine &engine;
  const Activity &activity;
  const TapePlan &plan;
  Scope *scope = nullptr;
};

} // namespace

LogicalResult cotangent::autodiff::emitReverseFunctions(
    Engine &engine, func::FuncOp primal, const Activity &activity,
    ArrayRef<unsigned> activeArgs, ArrayRef<unsigned> rereadArgs,
    func::FuncOp forward, func::FuncOp reverse) {
  SmallVector<Value> rereadBuffers;
  for (unsigned index : rereadArgs)
    rereadBuffers.push_back(primal.getArgument(index));
  TapePlan plan(engine, activity, rereadBuffers);
  if (failed(plan.plan(primal.front())))
    return failure();
  if (failed(emitForwardSweep(engine, activity, plan, primal, forward)))
    return failure();
  return ReverseSweep(engine, activity, plan)
      .emit(primal, activeArgs, rereadArgs, reverse);
}
