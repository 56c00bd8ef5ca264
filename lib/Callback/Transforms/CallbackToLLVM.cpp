//===- CallbackToLLVM.cpp - callback ops become runtime calls -------------===//
//
// `callback.invoke` becomes one call of __cot_callback with the callback's
// id, the invocation, the argument and result counts and a stack array of
// data pointers: each buffer operand's data, a stack slot for each scalar
// operand, then a slot for each scalar result (read back after the call).
// `callback.print` becomes a call of __cot_print with the value's element
// type, data and shape.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Callback/Transforms/CallbackToLLVM.h"

#include "cotangent/Callback/IR/CallbackOps.h"
#include "cotangent/Runtime/HostCallbacks.h"
#include "cotangent/Support/RuntimeCall.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace cotangent::callback;
using cotangent::bufferPointer;
using cotangent::RuntimeCall;
using cotangent::runtime::HostElement;
using cotangent::runtime::RuntimeFunction;

namespace {

/// A pointer to the data of `original` (converted: `converted`): a buffer's
/// data, or a stack slot holding a scalar.
Value dataPointer(ConversionPatternRewriter &rewriter, RuntimeCall &rt,
                  const LLVMTypeConverter &converter, Location loc,
                  Value original, Value converted) {
  if (isa<MemRefType>(original.getType()))
    return bufferPointer(rewriter, loc, converter, original, converted);
  return rt.slotHolding(converted);
}

cotangent::runtime::Invocation runtimeInvocation(Invocation invocation) {
  switch (invocation) {
  case Invocation::primal:
    return cotangent::runtime::Invocation::Primal;
  case Invocation::forward:
    return cotangent::runtime::Invocation::Forward;
  case Invocation::reverse:
    return cotangent::runtime::Invocation::Reverse;
  case Invocation::tangent:
    return cotangent::runtime::Invocation::Tangent;
  }
  llvm_unreachable("unknown invocation");
}

struct InvokeLowering : ConvertOpToLLVMPattern<InvokeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(InvokeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    Location loc = op.getLoc();
    RuntimeCall rt(rewriter, op);
    SmallVector<Value> pointers;
    for (auto [original, converted] :
         llvm::zip(op.getArgs(), adaptor.getArgs())) {
      if (isa<TensorType>(original.getType()))
        return rewriter.notifyMatchFailure(op,
                                           "bufferize before lowering to LLVM");
      pointers.push_back(dataPointer(rewriter, rt, *getTypeConverter(), loc,
                                     original, converted));
    }
    SmallVector<Value> resultSlots;
    for (Type type : op.getResultTypes()) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted || isa<TensorType>(type))
        return rewriter.notifyMatchFailure(op, "result is not a scalar");
      resultSlots.push_back(rt.entryBlockSlot(converted));
      pointers.push_back(resultSlots.back());
    }
    int64_t numOutputs = op.getNumOutputs();
    int64_t numArgs = static_cast<int64_t>(op.getArgs().size()) - numOutputs;
    int64_t numResults = numOutputs + op.getNumResults();
    if (failed(rt.call(RuntimeFunction::Callback,
                       {rt.constant(op.getId()),
                        rt.constant(static_cast<int64_t>(
                            runtimeInvocation(op.getInvocation()))),
                        rt.constant(numArgs), rt.constant(numResults),
                        rt.array(pointers, rt.ptr()), rt.where()})))
      return failure();
    SmallVector<Value> results;
    for (auto [type, slot] : llvm::zip(op.getResultTypes(), resultSlots))
      results.push_back(LLVM::LoadOp::create(
          rewriter, loc, getTypeConverter()->convertType(type), slot));
    rewriter.replaceOp(op, results);
    return success();
  }
};

HostElement hostElement(Type type) {
  if (type.isF64())
    return HostElement::F64;
  if (type.isF32())
    return HostElement::F32;
  if (type.isSignlessInteger(64))
    return HostElement::I64;
  return HostElement::I1; // the verifier allows nothing else
}

struct PrintLowering : ConvertOpToLLVMPattern<PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    Type type = op.getValue().getType();
    if (isa<TensorType>(type))
      return rewriter.notifyMatchFailure(op,
                                         "bufferize before lowering to LLVM");
    RuntimeCall rt(rewriter, op);
    SmallVector<Value> shape;
    if (auto buffer = dyn_cast<MemRefType>(type))
      for (int64_t extent : buffer.getShape())
        shape.push_back(rt.constant(extent));
    Value data = dataPointer(rewriter, rt, *getTypeConverter(), op.getLoc(),
                             op.getValue(), adaptor.getValue());
    return rt.replaceByCall(RuntimeFunction::Print,
                            {rt.constant(static_cast<int64_t>(
                                 hostElement(getElementTypeOrSelf(type)))),
                             data, rt.array(shape, rt.i64()),
                             rt.constant(shape.size()), rt.where()});
  }
};

struct CallbackToLLVMInterface : ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    target.addIllegalDialect<CallbackDialect>();
    patterns.add<InvokeLowering, PrintLowering>(converter);
  }
};

} // namespace

void cotangent::callback::registerConvertCallbackToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, CallbackDialect *dialect) {
    dialect->addInterfaces<CallbackToLLVMInterface>();
  });
}
