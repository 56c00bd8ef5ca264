//===- LoadReadArguments.cpp - tensor arguments read as buffers ----------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace cotangent {
#define GEN_PASS_DEF_LOADREADARGUMENTS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Whether every use of `argument` reads one element of it.
bool onlyReadByElement(BlockArgument argument) {
  return !argument.use_empty() &&
         llvm::all_of(argument.getUsers(), llvm::IsaPred<tensor::ExtractOp>);
}

struct LoadReadArguments
    : cotangent::impl::LoadReadArgumentsBase<LoadReadArguments> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      Block &entry = function.front();
      for (BlockArgument argument : entry.getArguments()) {
        auto type = dyn_cast<RankedTensorType>(argument.getType());
        if (!type || type.getEncoding() || !onlyReadByElement(argument))
          continue;
        // The layout function boundaries bufferize to (identity), so that
        // the buffer is the argument itself once they are bufferized.
        auto bufferType =
            MemRefType::get(type.getShape(), type.getElementType());
        SmallVector<Operation *> extracts(argument.getUsers());
        auto builder = OpBuilder::atBlockBegin(&entry);
        Value buffer = bufferization::ToBufferOp::create(
            builder, argument.getLoc(), bufferType, argument,
            /*read_only=*/true);
        for (Operation *op : extracts) {
          auto extract = cast<tensor::ExtractOp>(op);
          builder.setInsertionPoint(extract);
          Value element = memref::LoadOp::create(builder, extract.getLoc(),
                                                 buffer, extract.getIndices());
          extract.replaceAllUsesWith(element);
          extract.erase();
        }
      }
    }
  }
};

} // namespace
