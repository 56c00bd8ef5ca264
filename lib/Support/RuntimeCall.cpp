//===- RuntimeCall.cpp - building one call of the runtime's C ABI ---------===//
#include "cotangent/Support/RuntimeCall.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace cotangent;

RuntimeCall::RuntimeCall(ConversionPatternRewriter &rewriter, Operation *op)
    : rewriter(rewriter), op(op), loc(op->getLoc()),
      module(op->getParentOfType<ModuleOp>()) {}

Type RuntimeCall::i64() { return rewriter.getI64Type(); }
Type RuntimeCall::f64() { return rewriter.getF64Type(); }
Type RuntimeCall::ptr() {
  return LLVM::LLVMPointerType::get(rewriter.getContext());
}

Value RuntimeCall::constant(int64_t value) {
  return LLVM::ConstantOp::create(rewriter, loc, i64(),
                                  rewriter.getI64IntegerAttr(value));
}

Value RuntimeCall::where() {
  return sourceLocationString(rewriter, loc, module);
}

Value RuntimeCall::entryBlockSlot(Type elementType, int64_t count) {
  OpBuilder::InsertionGuard guard(rewriter);
  Block &entry =
      op->getParentOfType<FunctionOpInterface>()->getRegion(0).front();
  rewriter.setInsertionPointToStart(&entry);
  return LLVM::AllocaOp::create(rewriter, loc, ptr(), elementType,
                                constant(count));
}

Value RuntimeCall::array(ValueRange values, Type elementType) {
  if (values.empty())
    return LLVM::ZeroOp::create(rewriter, loc, ptr());
  Value slot = entryBlockSlot(elementType, values.size());
  for (auto [i, value] : llvm::enumerate(values)) {
    Value element = LLVM::GEPOp::create(rewriter, loc, ptr(), elementType, slot,
                                        ArrayRef<LLVM::GEPArg>{int32_t(i)});
    LLVM::StoreOp::create(rewriter, loc, value, element);
  }
  return slot;
}

Value RuntimeCall::constantArray(ArrayRef<int64_t> values) {
  if (values.empty())
    return LLVM::ZeroOp::create(rewriter, loc, ptr());
  auto shape = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                     rewriter.getI64Type());
  std::string name =
      "__cot_i64s_" + llvm::utohexstr(llvm::hash_combine_range(values));
  LLVM::GlobalOp global =
      constantGlobal(rewriter, loc, module, name,
                     LLVM::LLVMArrayType::get(i64(), values.size()),
                     DenseIntElementsAttr::get(shape, values));
  return LLVM::AddressOfOp::create(rewriter, loc, global);
}

Value RuntimeCall::whereArray(ArrayRef<Location> locations) {
  if (locations.empty())
    return LLVM::ZeroOp::create(rewriter, loc, ptr());
  // The strings go into one global, one after the other, and the array
  // points into it: a global (and a lookup by name, a scan of the module)
  // per location made lowering a long circuit quadratic in its length.
  std::string texts;
  SmallVector<int32_t> offsets;
  for (Location location : locations) {
    offsets.push_back(static_cast<int32_t>(texts.size()));
    texts += describeLocation(location) + '\0';
  }
  const std::string hash = llvm::utohexstr(llvm::hash_value(texts));
  auto type = LLVM::LLVMArrayType::get(ptr(), locations.size());
  LLVM::GlobalOp global = constantGlobal(
      rewriter, loc, module, "__cot_wheres_" + hash, type, {},
      [&](OpBuilder &b) {
        LLVM::GlobalOp strings = constantGlobal(
            b, loc, module, "__cot_where_texts_" + hash,
            LLVM::LLVMArrayType::get(b.getI8Type(), texts.size()),
            b.getStringAttr(texts));
        Value base = LLVM::AddressOfOp::create(b, loc, strings);
        Value array = LLVM::UndefOp::create(b, loc, type);
        for (auto [i, offset] : llvm::enumerate(offsets))
          array = LLVM::InsertValueOp::create(
              b, loc, array,
              LLVM::GEPOp::create(b, loc, ptr(), b.getI8Type(), base,
                                  ArrayRef<LLVM::GEPArg>{offset}),
              ArrayRef<int64_t>{static_cast<int64_t>(i)});
        LLVM::ReturnOp::create(b, loc, array);
      });
  return LLVM::AddressOfOp::create(rewriter, loc, global);
}

Value RuntimeCall::slotHolding(Value value) {
  Value slot = entryBlockSlot(value.getType(), 1);
  LLVM::StoreOp::create(rewriter, loc, value, slot);
  return slot;
}

FailureOr<LLVM::CallOp> RuntimeCall::call(runtime::RuntimeFunction function,
                                          ArrayRef<Value> args) {
  return callRuntimeFunction(rewriter, loc, module, function, args);
}

LogicalResult RuntimeCall::replaceByCall(runtime::RuntimeFunction function,
                                         ArrayRef<Value> args) {
  FailureOr<LLVM::CallOp> callOp = call(function, args);
  if (failed(callOp))
    return failure();
  rewriter.replaceOp(op, *callOp);
  return success();
}

Value cotangent::bufferPointer(ConversionPatternRewriter &rewriter,
                               Location loc, const LLVMTypeConverter &converter,
                               Value original, Value descriptor) {
  auto type = cast<MemRefType>(original.getType());
  SmallVector<Value> zeros(
      type.getRank(),
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                               rewriter.getI64IntegerAttr(0)));
  return LLVM::getStridedElementPtr(rewriter, loc, converter, type, descriptor,
                                    zeros);
}
