//===- TapeToLLVM.cpp - the tapes as inline stack code and runtime calls --===//
//
// The derivative tape is the runtime's CotTape {data, size, capacity, peak}
// (bytes).
// A push reserves 8 bytes per value, growing the buffer through the runtime
// only when full, and stores each value in its slot; a pop shrinks the size
// and loads the values back. `__cot_tape()` returns the same tape for a whole
// run, so it is declared free of memory effects and LLVM may hoist it. The
// tape's fields and its slots are told apart by alias scopes: otherwise a
// slot read could be the size field for all LLVM knows, which then stays in
// memory, loaded and stored at every pop of a loop.
//
// A custom gradient's residual tape is the runtime's (Residuals.h): the
// residual ops become calls that copy a buffer's bytes in and out.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/TapeToLLVM.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/RuntimeABI.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace cotangent::gradient;
using cotangent::runtime::RuntimeFunction;

namespace {

constexpr int64_t kSlotBytes = 8;
enum TapeField : int32_t { Data = 0, Size = 1, Capacity = 2, Peak = 3 };

/// Shared pieces of the two patterns.
class TapeAccess {
public:
  TapeAccess(ConversionPatternRewriter &rewriter, Operation *op)
      : rewriter(rewriter), loc(op->getLoc()),
        module(op->getParentOfType<ModuleOp>()) {
    ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    i64 = rewriter.getI64Type();
    tapeType = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                {ptrType, i64, i64, i64});
  }

  /// The tape, or failure if the module declares the runtime's symbol with
  /// another type.
  FailureOr<Value> tape() {
    FailureOr<LLVM::LLVMFuncOp> function =
        cotangent::lookupOrCreateRuntimeFunction(rewriter, module,
                                                 RuntimeFunction::Tape);
    if (failed(function))
      return failure();
    auto none = LLVM::ModRefInfo::NoModRef;
    function->setMemoryEffectsAttr(LLVM::MemoryEffectsAttr::get(
        rewriter.getContext(), {none, none, none, none, none, none}));
    // Also needed before LLVM hoists the call out of loops.
    function->setNoUnwind(true);
    function->setWillReturn(true);
    return LLVM::CallOp::create(rewriter, loc, *function, ValueRange{})
        .getResult();
  }

  Value field(Value tape, TapeField which) {
    return LLVM::GEPOp::create(
        rewriter, loc, ptrType, tapeType, tape,
        ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(which)});
  }
  /// Loads and stores of the tape's fields and of its slots, each in its
  /// own alias scope and declared apart from the other.
  Value loadField(Value address, Type type) {
    return scoped(LLVM::LoadOp::create(rewriter, loc, type, address), true);
  }
  void storeField(Value value, Value address) {
    scoped(LLVM::StoreOp::create(rewriter, loc, value, address), true);
  }
  Value loadSlot(Value address, Type type) {
    return scoped(LLVM::LoadOp::create(rewriter, loc, type, address), false);
  }
  void storeSlot(Value value, Value address) {
    scoped(LLVM::StoreOp::create(rewriter, loc, value, address), false);
  }
  Value constant(int64_t value) {
    return LLVM::ConstantOp::create(rewriter, loc, i64,
                                    rewriter.getI64IntegerAttr(value));
  }
  /// The address of slot `index` counting from byte offset `base`.
  Value slot(Value data, Value base, int64_t index) {
    Value offset =
        LLVM::AddOp::create(rewriter, loc, base, constant(index * kSlotBytes));
    return LLVM::GEPOp::create(rewriter, loc, ptrType, rewriter.getI8Type(),
                               data, ArrayRef<LLVM::GEPArg>{offset});
  }

  ConversionPatternRewriter &rewriter;
  Location loc;
  ModuleOp module;
  Type ptrType, i64;
  LLVM::LLVMStructType tapeType;

private:
  LLVM::AliasScopeAttr scope(StringRef name) {
    MLIRContext *context = rewriter.getContext();
    auto domain = LLVM::AliasScopeDomainAttr::get(
        context, StringAttr::get(context, "cot.tape"),
        StringAttr::get(context, "the derivative tape"));
    return LLVM::AliasScopeAttr::get(
        context, StringAttr::get(context, "cot.tape." + name), domain,
        StringAttr::get(context, name));
  }
  template <typename OpTy> OpTy scoped(OpTy op, bool isField) {
    LLVM::AliasScopeAttr fields = scope("fields"), slots = scope("slots");
    op.setAliasScopesAttr(rewriter.getArrayAttr({isField ? fields : slots}));
    op.setNoaliasScopesAttr(rewriter.getArrayAttr({isField ? slots : fields}));
    return op;
  }
};

struct TapePushLowering : ConvertOpToLLVMPattern<TapePushOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TapePushOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    TapeAccess access(rewriter, op);
    Location loc = op.getLoc();
    FailureOr<Value> tapeOrFailure = access.tape();
    FailureOr<LLVM::LLVMFuncOp> growFn =
        cotangent::lookupOrCreateRuntimeFunction(rewriter, access.module,
                                                 RuntimeFunction::TapeGrow);
    if (failed(tapeOrFailure) || failed(growFn))
      return failure();
    Value tape = *tapeOrFailure;
    Value size = access.loadField(access.field(tape, Size), access.i64);
    Value needed = LLVM::AddOp::create(
        rewriter, loc, size,
        access.constant(kSlotBytes * op.getValues().size()));
    Value capacity = access.loadField(access.field(tape, Capacity), access.i64);
    Value full = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt,
                                      needed, capacity);

    // if (full) __cot_tape_grow(tape, needed);
    Block *before = op->getBlock();
    Block *after = rewriter.splitBlock(before, op->getIterator());
    Block *grow = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, full, grow, after);
    rewriter.setInsertionPointToStart(grow);
    LLVM::CallOp::create(rewriter, loc, *growFn, ValueRange{tape, needed});
    LLVM::BrOp::create(rewriter, loc, after);

    rewriter.setInsertionPoint(op);
    Value data = access.loadField(access.field(tape, Data), access.ptrType);
    for (auto [i, value] : llvm::enumerate(adaptor.getValues()))
      access.storeSlot(value, access.slot(data, size, i));
    access.storeField(needed, access.field(tape, Size));
    Value peakAddress = access.field(tape, Peak);
    Value peak = access.loadField(peakAddress, access.i64);
    Value higher = LLVM::UMaxOp::create(rewriter, loc, peak, needed);
    access.storeField(higher, peakAddress);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TapePopLowering : ConvertOpToLLVMPattern<TapePopOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TapePopOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const final {
    TapeAccess access(rewriter, op);
    Location loc = op.getLoc();
    FailureOr<Value> tape = access.tape();
    if (failed(tape))
      return failure();
    Value sizeAddress = access.field(*tape, Size);
    Value size = access.loadField(sizeAddress, access.i64);
    Value remaining = LLVM::SubOp::create(
        rewriter, loc, size, access.constant(kSlotBytes * op.getNumResults()));
    access.storeField(remaining, sizeAddress);
    Value data = access.loadField(access.field(*tape, Data), access.ptrType);
    SmallVector<Value> values;
    for (auto [i, type] : llvm::enumerate(op.getResultTypes()))
      values.push_back(access.loadSlot(access.slot(data, remaining, i),
                                       getTypeConverter()->convertType(type)));
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// Replaces `op` by a call of `function` with `operands`; fails if the
/// module declares the function's symbol with another type.
LogicalResult replaceByRuntimeCall(Operation *op, RuntimeFunction function,
                                   ValueRange operands,
                                   ConversionPatternRewriter &rewriter) {
  FailureOr<LLVM::CallOp> call = cotangent::callRuntimeFunction(
      rewriter, op->getLoc(), op->getParentOfType<ModuleOp>(), function,
      operands);
  if (failed(call))
    return failure();
  rewriter.replaceOp(op, call->getResults());
  return success();
}

struct ResidualsCreateLowering : ConvertOpToLLVMPattern<ResidualsCreateOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ResidualsCreateOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (op.getCount() == 0) {
      rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(op, op.getType());
      return success();
    }
    Value count =
        LLVM::ConstantOp::create(rewriter, op.getLoc(), rewriter.getI64Type(),
                                 rewriter.getI64IntegerAttr(op.getCount()));
    return replaceByRuntimeCall(op, RuntimeFunction::ResidualsCreate, count,
                                rewriter);
  }
};

struct ResidualsFreeLowering : ConvertOpToLLVMPattern<ResidualsFreeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ResidualsFreeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    return replaceByRuntimeCall(op, RuntimeFunction::ResidualsFree,
                                adaptor.getTape(), rewriter);
  }
};

/// put and get: (tape, index, first element of the buffer, bytes).
template <typename OpTy>
struct ResidualsCopyLowering : ConvertOpToLLVMPattern<OpTy> {
  ResidualsCopyLowering(const LLVMTypeConverter &converter,
                        RuntimeFunction function)
      : ConvertOpToLLVMPattern<OpTy>(converter), function(function) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    Location loc = op.getLoc();
    MemRefType type = op.getBuffer().getType();
    Value data = MemRefDescriptor(adaptor.getBuffer())
                     .bufferPtr(rewriter, loc, *this->getTypeConverter(), type);
    Type i64 = rewriter.getI64Type();
    // An index is 64 bits wide on every target Cotangent compiles for.
    Type element = type.getElementType();
    int64_t elementBytes =
        element.isIndex()
            ? 8
            : llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
    Value index = LLVM::ConstantOp::create(
        rewriter, loc, i64, rewriter.getI64IntegerAttr(op.getIndex()));
    // The static sizes fold into one constant; dynamic sizes are read from
    // the descriptor.
    MemRefDescriptor descriptor(adaptor.getBuffer());
    int64_t staticBytes = elementBytes;
    for (int64_t size : type.getShape())
      if (!ShapedType::isDynamic(size))
        staticBytes *= size;
    Value bytes = LLVM::ConstantOp::create(
        rewriter, loc, i64, rewriter.getI64IntegerAttr(staticBytes));
    for (unsigned dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        bytes = LLVM::MulOp::create(rewriter, loc, bytes,
                                    descriptor.size(rewriter, loc, dim));
    return replaceByRuntimeCall(
        op, function, {adaptor.getTape(), index, data, bytes}, rewriter);
  }

  RuntimeFunction function;
};

struct GradientToLLVMInterface : ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    target.addIllegalOp<TapePushOp, TapePopOp, ResidualsCreateOp,
                        ResidualsPutOp, ResidualsGetOp, ResidualsFreeOp>();
    populateTapeToLLVMConversionPatterns(converter, patterns);
  }
};

} // namespace

void cotangent::gradient::populateTapeToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<TapePushLowering, TapePopLowering, ResidualsCreateLowering,
               ResidualsFreeLowering>(converter);
  patterns.add<ResidualsCopyLowering<ResidualsPutOp>>(
      converter, RuntimeFunction::ResidualsPut);
  patterns.add<ResidualsCopyLowering<ResidualsGetOp>>(
      converter, RuntimeFunction::ResidualsGet);
}

void cotangent::gradient::registerConvertGradientToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, GradientDialect *dialect) {
    dialect->addInterfaces<GradientToLLVMInterface>();
  });
}
