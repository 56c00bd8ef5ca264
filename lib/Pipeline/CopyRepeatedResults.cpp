//===- CopyRepeatedResults.cpp - one buffer per returned result -----------===//
//
// buffer-results-to-out-params{hoist-static-allocs} replaces a returned
// buffer's allocation by the caller's output buffer; a function returning
// the same buffer twice (`return %t, %t`) would have it replaced twice,
// which crashes MLIR 22. Every repeat becomes a copy of its own first, so
// each result is a distinct buffer, as it is for the caller anyway.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace cotangent {
#define GEN_PASS_DEF_COPYREPEATEDRESULTS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

struct CopyRepeatedResults
    : cotangent::impl::CopyRepeatedResultsBase<CopyRepeatedResults> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp ret) {
      llvm::SmallPtrSet<Value, 4> returned;
      OpBuilder b(ret);
      for (OpOperand &operand : ret->getOpOperands()) {
        Value value = operand.get();
        auto type = dyn_cast<MemRefType>(value.getType());
        if (!type || !type.getLayout().isIdentity() ||
            returned.insert(value).second)
          continue;
        SmallVector<Value> sizes;
        for (int64_t d = 0; d < type.getRank(); ++d)
          if (type.isDynamicDim(d))
            sizes.push_back(memref::DimOp::create(b, ret.getLoc(), value, d));
        Value copy = memref::AllocOp::create(b, ret.getLoc(), type, sizes);
        memref::CopyOp::create(b, ret.getLoc(), value, copy);
        operand.set(copy);
      }
    });
  }
};

} // namespace
