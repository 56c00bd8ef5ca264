//===- NoAliasDataPointers.cpp - noalias buffers through the lowering -----===//
//
// MLIR's lowering of functions to the LLVM dialect drops `llvm.noalias` from
// buffer arguments, which become several arguments each (the descriptor's
// fields). Two passes carry it across: one before the lowering records where
// each noalias buffer's data pointer will be, one after it marks them.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace cotangent {
#define GEN_PASS_DEF_RECORDNOALIASBUFFERS
#define GEN_PASS_DEF_NOALIASDATAPOINTERS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Positions, among the lowered function's arguments, of the data pointers
/// to mark.
constexpr llvm::StringLiteral kDataPointers = "cot.noalias_data_pointers";

struct RecordNoAliasBuffers
    : cotangent::impl::RecordNoAliasBuffersBase<RecordNoAliasBuffers> {
  void runOnOperation() override {
    // The converter the lowering uses lays the arguments out the same way.
    LLVMTypeConverter converter(&getContext());
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      SmallVector<int64_t> positions;
      TypeConverter::SignatureConversion signature(function.getNumArguments());
      if (!converter.convertFunctionSignature(function.getFunctionType(),
                                              /*isVariadic=*/false,
                                              /*useBarePtrCallConv=*/false,
                                              signature))
        continue;
      for (auto [i, type] : llvm::enumerate(function.getArgumentTypes())) {
        if (!isa<MemRefType>(type) ||
            !function.getArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName()))
          continue;
        // A ranked descriptor: allocated pointer, data pointer, offset, ...
        std::optional<TypeConverter::SignatureConversion::InputMapping>
            mapping = signature.getInputMapping(i);
        if (mapping && mapping->size >= 2)
          positions.push_back(mapping->inputNo + 1);
      }
      if (!positions.empty())
        function->setAttr(kDataPointers,
                          DenseI64ArrayAttr::get(&getContext(), positions));
    }
  }
};

struct NoAliasDataPointers
    : cotangent::impl::NoAliasDataPointersBase<NoAliasDataPointers> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      auto positions = function->getAttrOfType<DenseI64ArrayAttr>(kDataPointers);
      if (!positions)
        continue;
      function->removeAttr(kDataPointers);
      ArrayRef<Type> arguments = function.getArgumentTypes();
      for (int64_t position : positions.asArrayRef())
        if (position < static_cast<int64_t>(arguments.size()) &&
            isa<LLVM::LLVMPointerType>(arguments[position]))
          function.setArgAttr(position, LLVM::LLVMDialect::getNoAliasAttrName(),
                              UnitAttr::get(&getContext()));
    }
  }
};

} // namespace
