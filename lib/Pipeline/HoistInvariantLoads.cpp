//===- HoistInvariantLoads.cpp - loads repeated by every iteration --------===//
//
// A load inside `for j` of an element that depends only on outer indices
// (A[i][k] in C[i][j] += A[i][k] * B[k][j]) reads the same value every
// iteration; for a derivative, every read is a value the reverse sweep
// needs, saved on the tape once per iteration. Loads move out of loops
// innermost first, so one can move out of several.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"
#include "cotangent/Support/BufferAliasing.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cotangent {
#define GEN_PASS_DEF_HOISTINVARIANTLOADS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;
using cotangent::mayAlias;
using cotangent::rootBuffer;

namespace {

/// The root buffers that `loop` may write, or nothing if some write has no
/// known target.
std::optional<SmallVector<Value>> writtenBuffers(scf::ForOp loop) {
  SmallVector<Value> written;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance(); // its nested ops are walked
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return isMemoryEffectFree(op) ? WalkResult::advance()
                                    : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      // An allocation in the loop makes a buffer no load before the loop
      // can read.
      if (isa<MemoryEffects::Read, MemoryEffects::Allocate>(
              instance.getEffect()))
        continue;
      Value target = instance.getValue();
      if (!target)
        return WalkResult::interrupt();
      written.push_back(rootBuffer(target));
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return written;
}

/// Whether `loop` runs its body at least once: a load moved before it then
/// reads no element the program would not have read.
bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  if (!lower || !upper)
    return false;
  if (loop.getUnsignedCmp())
    return static_cast<uint64_t>(*lower) < static_cast<uint64_t>(*upper);
  return *lower < *upper;
}

void hoistLoads(scf::ForOp loop) {
  if (!runsAtLeastOnce(loop))
    return;
  std::optional<SmallVector<Value>> written = writtenBuffers(loop);
  if (!written)
    return;
  SmallVector<memref::LoadOp> loads(loop.getBody()->getOps<memref::LoadOp>());
  for (memref::LoadOp load : loads) {
    if (!llvm::all_of(load->getOperands(), [&](Value operand) {
          return loop.isDefinedOutsideOfLoop(operand);
        }))
      continue;
    Value root = rootBuffer(load.getMemRef());
    if (llvm::any_of(*written,
                     [&](Value target) { return mayAlias(root, target); }))
      continue;
    load->moveBefore(loop);
  }
}

struct HoistInvariantLoads
    : cotangent::impl::HoistInvariantLoadsBase<HoistInvariantLoads> {
  void runOnOperation() override {
    // Post-order: inner loops first, so a load can leave a whole nest.
    getOperation().walk([](scf::ForOp loop) { hoistLoads(loop); });
  }
};

} // namespace
