//===- BatchCallsInReductions.cpp - library calls ahead of carried sums ---===//
//
// The x86-64 and AArch64 calling conventions keep no floating-point register
// across a call, so in `s += exp(x[i] - m)` the running sum goes to the stack
// and back around every `exp`: a store and a load on the loop's carried
// chain, which then runs slower than the calls themselves. Unrolled and
// reordered, the body makes four calls and then four additions, in the
// original order: the sum crosses one call per four elements.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cotangent {
#define GEN_PASS_DEF_BATCHCALLSINREDUCTIONS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Math ops that code generation turns into calls to the math library
/// (the rest become instructions: sqrt, floor, fma, ...).
bool becomesLibraryCall(Operation *op) {
  return isa<math::AcosOp, math::AcoshOp, math::AsinOp, math::AsinhOp,
             math::AtanOp, math::Atan2Op, math::AtanhOp, math::CbrtOp,
             math::CosOp, math::CoshOp, math::ErfOp, math::ErfcOp, math::ExpOp,
             math::Exp2Op, math::ExpM1Op, math::LogOp, math::Log10Op,
             math::Log1pOp, math::Log2Op, math::PowFOp, math::SinOp,
             math::SincosOp, math::SinhOp, math::TanOp, math::TanhOp>(op);
}

/// The ops of `body` (not its terminator) that use a value carried from
/// the previous iteration, directly or through another such op, in order.
SmallVector<Operation *> carriedChain(scf::ForOp loop) {
  llvm::SmallPtrSet<Value, 16> carried(llvm::from_range,
                                       loop.getRegionIterArgs());
  SmallVector<Operation *> chain;
  for (Operation &op : loop.getBody()->without_terminator()) {
    WalkResult uses = op.walk([&](Operation *nested) {
      return llvm::any_of(nested->getOperands(),
                          [&](Value v) { return carried.contains(v); })
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (!uses.wasInterrupted())
      continue;
    chain.push_back(&op);
    carried.insert(op.getResults().begin(), op.getResults().end());
  }
  return chain;
}

/// Whether moving every op off the carried chain above the chain keeps
/// the loop's meaning and pays: the chain is floating-point arithmetic free
/// of memory effects (so nothing else may observe when it runs), and a
/// library call off the chain is what it would cross.
bool worthBatching(scf::ForOp loop) {
  if (loop.getNumRegionIterArgs() == 0)
    return false;
  SmallVector<Operation *> chain = carriedChain(loop);
  bool floatChain = false;
  for (Operation *op : chain) {
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return false;
    floatChain |= llvm::any_of(op->getResultTypes(), [](Type type) {
      return isa<FloatType, ComplexType>(type);
    });
  }
  llvm::SmallPtrSet<Operation *, 16> onChain(llvm::from_range, chain);
  bool callOffChain = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (isa<LoopLikeOpInterface>(op))
      return false; // innermost loops only
    callOffChain |= !onChain.contains(&op) && becomesLibraryCall(&op);
  }
  return floatChain && callOffChain;
}

/// Moves every op of `loop`'s body that is off the carried chain above the
/// chain's first op. Each group keeps its own order; ops off the chain use
/// nothing on it, so every value is still defined before its uses.
void moveChainLast(scf::ForOp loop) {
  SmallVector<Operation *> chain = carriedChain(loop);
  if (chain.empty())
    return;
  llvm::SmallPtrSet<Operation *, 16> onChain(llvm::from_range, chain);
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(chain.front()->getIterator()),
                            loop.getBody()->without_terminator().end())))
    if (!onChain.contains(&op))
      op.moveBefore(chain.front());
}

struct BatchCallsInReductions
    : cotangent::impl::BatchCallsInReductionsBase<BatchCallsInReductions> {
  using Base::Base;

  void runOnOperation() override {
    if (factor < 2)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (worthBatching(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      std::optional<APInt> trips = loop.getStaticTripCount();
      if (trips && trips->ult(factor))
        continue; // not even one batch
      FailureOr<UnrolledLoopInfo> unrolled = loopUnrollByFactor(loop, factor);
      if (failed(unrolled) || !unrolled->mainLoopOp)
        continue;
      moveChainLast(*unrolled->mainLoopOp);
    }
  }
};

} // namespace
