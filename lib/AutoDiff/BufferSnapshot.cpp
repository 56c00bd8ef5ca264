//===- BufferSnapshot.cpp - a buffer a region reads, saved once -----------===//
#include "BufferSnapshot.h"

#include "Activity.h"
#include "RuleRegistry.h"

#include "cotangent/Support/BufferAliasing.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace cotangent::autodiff;

/// Whether the tape can hold `buffer`'s contents and a new buffer of its
/// very type can take them back. Buffers come from arguments, allocations
/// and region ops (constant memory, for one, is left to be saved by value).
static bool isSnapshotable(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  Operation *def = buffer.getDefiningOp();
  return type && type.hasStaticShape() && type.getLayout().isIdentity() &&
         !type.getMemorySpace() &&
         isa<FloatType, IntegerType, IndexType>(type.getElementType()) &&
         (!def || isAllocationOp(def) ||
          (def->getNumRegions() > 0 && lookupOpRule(def))) &&
         canSaveBuffers();
}

Operation *BufferSnapshots::owner(ArrayRef<Operation *> enclosing,
                                  Operation *read, Value buffer) {
  if (!isSnapshotable(buffer))
    return nullptr;
  Operation *definer = buffer.getParentBlock()->getParentOp();
  for (Operation *regionOp : enclosing) {
    if (!regionOp->isProperAncestor(read) || regionOp->isAncestor(definer))
      continue;
    auto [entry, inserted] = decided.try_emplace({regionOp, buffer}, false);
    if (inserted)
      entry->second =
          leavesUnwritten(regionOp, buffer) && pays(regionOp, buffer);
    if (entry->second)
      return regionOp;
  }
  return nullptr;
}

bool BufferSnapshots::leavesUnwritten(Operation *regionOp, Value buffer) {
  WalkResult walk = regionOp->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance(); // its nested ops are walked
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::interrupt(); // a call, say: it may write anything
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()))
        continue;
      Value target = effect.getValue();
      if (!target) {
        // Effects on a resource of their own (the tape) touch no buffer.
        if (isa<SideEffects::DefaultResource>(effect.getResource()))
          return WalkResult::interrupt();
        continue;
      }
      if (!isa<BaseMemRefType>(target.getType()) ||
          !distinct(bufferRoot(target), buffer))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// Whether the root buffer `written` never shares memory with `buffer`
/// while the region op runs. An allocation made after `buffer` is defined
/// is a new block while `buffer` lives, and `buffer` lives on, as the
/// snapshot reads it after the op.
bool BufferSnapshots::distinct(Value written, Value buffer) {
  Operation *allocation = written.getDefiningOp();
  if (allocation && isAllocationOp(allocation) &&
      dominance.properlyDominates(buffer, allocation))
    return true;
  return !cotangent::mayAlias(written, buffer);
}

/// How many times `op` runs per run of its ancestor `regionOp`, as far as
/// constant trip counts tell (an unknown count counts once).
static uint64_t runsWithin(Operation *op, Operation *regionOp) {
  uint64_t runs = 1;
  for (Operation *parent = op->getParentOp();; parent = parent->getParentOp()) {
    const OpRule *rule = lookupOpRule(parent);
    if (rule && rule->constantTripCount)
      runs = llvm::SaturatingMultiply<uint64_t>(
          runs, rule->constantTripCount(parent).value_or(1));
    if (parent == regionOp)
      return runs;
  }
}

bool BufferSnapshots::pays(Operation *regionOp, Value buffer) {
  uint64_t elements = cast<MemRefType>(buffer.getType()).getNumElements();
  uint64_t loads = 0;
  regionOp->walk([&](Operation *op) {
    if (!isPureRead(op) || isa<MemRefType>(op->getResult(0).getType()) ||
        bufferRoot(op->getOperand(0)) != buffer)
      return;
    // Without the snapshot, only loads that derivative code reads are saved.
    bool needed = llvm::any_of(op->getUsers(), [&](Operation *user) {
      return activity.anyActive(user->getResults());
    });
    if (needed)
      loads = llvm::SaturatingAdd(loads, runsWithin(op, regionOp));
  });
  return loads >= elements;
}
