//===- ContiguousInnerLoops.cpp - parallel innermost loops for linalg -----===//
//
// convert-linalg-to-loops nests an op's loops in the order of its iteration
// dimensions, so linalg.matmul's reduction over k runs innermost: a carried
// sum that LLVM may not vectorise without reassociating it. Moving the
// output's last dimension innermost keeps each element's sum in order and
// leaves a loop of independent, contiguous updates.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"
#include "cotangent/Support/BufferAliasing.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace cotangent {
#define GEN_PASS_DEF_CONTIGUOUSINNERLOOPS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Whether an input of `op` is its output's buffer: then the loop order
/// decides which elements it reads already updated, and must stay.
bool readsItsOutput(linalg::LinalgOp op) {
  Value output = cotangent::rootBuffer(op.getDpsInitOperand(0)->get());
  return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    return cotangent::rootBuffer(input->get()) == output;
  });
}

/// The loop to move innermost, if the op has one worth moving: the output's
/// last dimension, parallel, and the last dimension of every indexing map
/// that uses it.
std::optional<unsigned> contiguousParallelLoop(linalg::LinalgOp op) {
  const unsigned loops = op.getNumLoops();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (loops < 2 || op.getNumDpsInits() != 1 ||
      iterators.back() != utils::IteratorType::reduction ||
      !op.hasOnlyProjectedPermutations() || readsItsOutput(op))
    return std::nullopt;
  AffineMap output = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (output.getNumResults() == 0)
    return std::nullopt;
  unsigned loop = cast<AffineDimExpr>(output.getResults().back()).getPosition();
  if (iterators[loop] != utils::IteratorType::parallel)
    return std::nullopt;
  for (AffineMap map : op.getIndexingMapsArray())
    for (auto [i, result] : llvm::enumerate(map.getResults()))
      if (cast<AffineDimExpr>(result).getPosition() == loop &&
          i + 1 != map.getNumResults())
        return std::nullopt; // a strided walk: better left a reduction
  return loop;
}

struct ContiguousInnerLoops
    : cotangent::impl::ContiguousInnerLoopsBase<ContiguousInnerLoops> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      std::optional<unsigned> loop = contiguousParallelLoop(op);
      if (!loop)
        continue;
      const unsigned loops = op.getNumLoops();
      rewriter.setInsertionPoint(op);
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        FailureOr<linalg::GenericOp> general =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(general))
          continue;
        generic = *general;
      }
      // New position p runs old loop order[p]: all others in order, then
      // `loop`.
      SmallVector<unsigned> order;
      for (unsigned l = 0; l < loops; ++l)
        if (l != *loop)
          order.push_back(l);
      order.push_back(*loop);
      if (failed(linalg::interchangeGenericOp(rewriter, generic, order))) {
        generic.emitOpError("could not be interchanged");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
