//===- ReadOnlyEntryArguments.cpp - the host's arrays stay unwritten ------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

namespace cotangent {
#define GEN_PASS_DEF_READONLYENTRYARGUMENTS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

struct ReadOnlyEntryArguments
    : cotangent::impl::ReadOnlyEntryArgumentsBase<ReadOnlyEntryArguments> {
  void runOnOperation() override {
    auto readOnly = BoolAttr::get(&getContext(), false);
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (!function.isPublic() || function.isExternal())
        continue;
      for (auto [i, type] : llvm::enumerate(function.getArgumentTypes()))
        if (isa<TensorType>(type))
          function.setArgAttr(
              i, bufferization::BufferizationDialect::kWritableAttrName,
              readOnly);
    }
  }
};

} // namespace
