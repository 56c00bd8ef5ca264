//===- QuantumToLLVM.cpp - quantum ops become runtime calls ---------------===//
//
// Every quantum op becomes one call into the runtime's C ABI
// (runtime/include/cotangent/Runtime/CApi.h), declared with the name and type
// RuntimeABI.def gives the function. Registers, qubits and
// observables are i64 handles owned by the runtime; a gate returns the same
// qubit handles it was given. Each call also passes its source location as a
// C string so run-time errors say where they happened.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Quantum/Transforms/QuantumToLLVM.h"

#include "cotangent/Quantum/IR/QuantumOps.h"
#include "cotangent/Runtime/FusedGates.h"
#include "cotangent/Runtime/GateKind.h"
#include "cotangent/Support/RuntimeABI.h"
#include "cotangent/Support/RuntimeCall.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace cotangent::quantum;
using cotangent::bufferPointer;
using cotangent::callRuntimeFunction;
using cotangent::RuntimeCall;
using cotangent::runtime::RuntimeFunction;

namespace {

LogicalResult requireBuffer(ConversionPatternRewriter &rewriter, Operation *op,
                            Value value) {
  if (isa<MemRefType>(value.getType()))
    return success();
  return rewriter.notifyMatchFailure(op, "bufferize before lowering to LLVM");
}

template <typename OpTy> struct QuantumLowering : ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using Adaptor = typename OpTy::Adaptor;
};

struct AllocLowering : QuantumLowering<AllocOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(AllocOp op, Adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    return rt.replaceByCall(RuntimeFunction::Alloc,
                            {rt.constant(op.getNumQubits()), rt.where()});
  }
};

struct DeallocLowering : QuantumLowering<DeallocOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(DeallocOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    return rt.replaceByCall(RuntimeFunction::Dealloc,
                            {adaptor.getReg(), rt.where()});
  }
};

template <typename OpTy>
Value qubitIndex(RuntimeCall &rt, OpTy op, Value dynamicIndex) {
  if (std::optional<uint64_t> index = op.getStaticIndex())
    return rt.constant(static_cast<int64_t>(*index));
  return dynamicIndex;
}

struct ExtractLowering : QuantumLowering<ExtractOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(ExtractOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    Value index = qubitIndex(rt, op, adaptor.getIndex());
    return rt.replaceByCall(RuntimeFunction::Extract,
                            {adaptor.getReg(), index, rt.where()});
  }
};

struct InsertLowering : QuantumLowering<InsertOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(InsertOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    Value index = qubitIndex(rt, op, adaptor.getIndex());
    return rt.replaceByCall(
        RuntimeFunction::Insert,
        {adaptor.getReg(), index, adaptor.getQubit(), rt.where()});
  }
};

struct CustomLowering : QuantumLowering<CustomOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(CustomOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    auto kind = cotangent::runtime::gateByName(op.getGateName().str());
    ValueRange qubits = adaptor.getInQubits();
    if (failed(rt.call(RuntimeFunction::Gate,
                       {rt.constant(static_cast<int64_t>(*kind)),
                        rt.constant(op.getAdjoint()),
                        rt.array(adaptor.getParams(), rt.f64()),
                        rt.array(qubits, rt.i64()), rt.constant(qubits.size()),
                        rt.where()})))
      return failure();
    rewriter.replaceOp(op, qubits);
    return success();
  }
};

/// The number of gates of a (verified) block.
size_t numGates(FusedGatesOp op) {
  std::vector<cotangent::runtime::FusedGate> gates;
  int64_t numParams = 0;
  cotangent::runtime::decodeFusedGates(
      op.getGates().data(), op.getGates().size(), op.getInQubits().size(),
      gates, numParams);
  return gates.size();
}

struct FusedGatesLowering : QuantumLowering<FusedGatesOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(FusedGatesOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    // The descriptor and the gates' locations are constant data, not
    // stores at run time (each store is work for LLVM's optimiser, too).
    ArrayRef<int64_t> descriptor = op.getGates();
    // Each gate's location (the block's own for all, if none are given).
    SmallVector<Location> gateLocations;
    if (std::optional<ArrayAttr> locations = op.getGateLocations())
      for (Attribute location : *locations)
        gateLocations.push_back(cast<LocationAttr>(location));
    else
      gateLocations.assign(numGates(op), op.getLoc());
    ValueRange qubits = adaptor.getInQubits();
    if (failed(rt.call(RuntimeFunction::FusedGates,
                       {rt.constantArray(descriptor),
                        rt.constant(descriptor.size()),
                        rt.array(adaptor.getParams(), rt.f64()),
                        rt.array(qubits, rt.i64()), rt.constant(qubits.size()),
                        rt.whereArray(gateLocations), rt.where()})))
      return failure();
    rewriter.replaceOp(op, qubits);
    return success();
  }
};

struct UnitaryLowering : QuantumLowering<UnitaryOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(UnitaryOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (failed(requireBuffer(rewriter, op, op.getMatrix())))
      return failure();
    RuntimeCall rt(rewriter, op);
    ValueRange qubits = adaptor.getInQubits();
    Value matrix = bufferPointer(rewriter, op.getLoc(), *getTypeConverter(),
                                 op.getMatrix(), adaptor.getMatrix());
    if (failed(rt.call(RuntimeFunction::Unitary,
                       {matrix, rt.constant(op.getAdjoint()),
                        rt.array(qubits, rt.i64()), rt.constant(qubits.size()),
                        rt.where()})))
      return failure();
    rewriter.replaceOp(op, qubits);
    return success();
  }
};

/// The runtime's code for a named observable, looked up by name so the
/// dialect's enum and the runtime's table cannot silently disagree.
int64_t runtimeObservableCode(NamedObservable kind) {
  static const char *const names[] = {
#define COT_NAMED_OBS(Name) #Name,
#include "cotangent/Runtime/NamedObservables.def"
  };
  StringRef name = stringifyNamedObservable(kind);
  const auto *it = llvm::find(names, name);
  assert(it != std::end(names) && "observable missing from the runtime table");
  return it - std::begin(names);
}

struct NamedObsLowering : QuantumLowering<NamedObsOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(NamedObsOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    return rt.replaceByCall(RuntimeFunction::NamedObs,
                            {rt.constant(runtimeObservableCode(op.getKind())),
                             adaptor.getQubit(), rt.where()});
  }
};

struct TensorLowering : QuantumLowering<TensorOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(TensorOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    ValueRange terms = adaptor.getTerms();
    return rt.replaceByCall(
        RuntimeFunction::TensorObs,
        {rt.array(terms, rt.i64()), rt.constant(terms.size()), rt.where()});
  }
};

struct HamiltonianLowering : QuantumLowering<HamiltonianOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(HamiltonianOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (failed(requireBuffer(rewriter, op, op.getCoeffs())))
      return failure();
    RuntimeCall rt(rewriter, op);
    ValueRange terms = adaptor.getTerms();
    Value coeffs = bufferPointer(rewriter, op.getLoc(), *getTypeConverter(),
                                 op.getCoeffs(), adaptor.getCoeffs());
    return rt.replaceByCall(RuntimeFunction::HamiltonianObs,
                            {coeffs, rt.array(terms, rt.i64()),
                             rt.constant(terms.size()), rt.where()});
  }
};

template <typename OpTy>
struct ScalarMeasurementLowering : QuantumLowering<OpTy> {
  ScalarMeasurementLowering(const LLVMTypeConverter &converter,
                            RuntimeFunction callee)
      : QuantumLowering<OpTy>(converter), callee(callee) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    return rt.replaceByCall(callee, {adaptor.getObs(), rt.where()});
  }
  RuntimeFunction callee;
};

template <typename OpTy>
struct ArrayMeasurementLowering : QuantumLowering<OpTy> {
  ArrayMeasurementLowering(const LLVMTypeConverter &converter,
                           RuntimeFunction callee)
      : QuantumLowering<OpTy>(converter), callee(callee) {}
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (!op.getOut())
      return rewriter.notifyMatchFailure(op,
                                         "bufferize before lowering to LLVM");
    RuntimeCall rt(rewriter, op);
    ValueRange qubits = adaptor.getQubits();
    Value out = bufferPointer(rewriter, op.getLoc(), *this->getTypeConverter(),
                              op.getOut(), adaptor.getOut());
    return rt.replaceByCall(callee,
                            {rt.array(qubits, rt.i64()),
                             rt.constant(qubits.size()), out, rt.where()});
  }
  RuntimeFunction callee;
};

struct MeasureLowering : QuantumLowering<MeasureOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(MeasureOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    FailureOr<LLVM::CallOp> outcome =
        rt.call(RuntimeFunction::Measure, {adaptor.getInQubit(), rt.where()});
    if (failed(outcome))
      return failure();
    Value bit = LLVM::TruncOp::create(
        rewriter, op.getLoc(), rewriter.getI1Type(), outcome->getResult());
    rewriter.replaceOp(op, {bit, adaptor.getInQubit()});
    return success();
  }
};

struct AdjointBeginLowering : QuantumLowering<AdjointBeginOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(AdjointBeginOp op, Adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    return rt.replaceByCall(RuntimeFunction::AdjointBegin, {rt.where()});
  }
};

struct AdjointStashLowering : QuantumLowering<AdjointStashOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(AdjointStashOp op, Adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    return rt.replaceByCall(RuntimeFunction::AdjointStash, {rt.where()});
  }
};

struct AdjointResumeLowering : QuantumLowering<AdjointResumeOp> {
  using QuantumLowering::QuantumLowering;
  LogicalResult
  matchAndRewrite(AdjointResumeOp op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeCall rt(rewriter, op);
    Location loc = op.getLoc();
    auto pointerAndSize = [&](Value original, Value descriptor) {
      return std::pair{bufferPointer(rewriter, loc, *getTypeConverter(),
                                     original, descriptor),
                       MemRefDescriptor(descriptor).size(rewriter, loc, 0)};
    };
    auto [weights, numWeights] =
        pointerAndSize(op.getWeights(), adaptor.getWeights());
    auto [out, numParams] = pointerAndSize(op.getOut(), adaptor.getOut());
    return rt.replaceByCall(
        RuntimeFunction::AdjointResume,
        {adaptor.getStash(), weights, numWeights, out, numParams, rt.where()});
  }
};

struct QuantumToLLVMInterface : ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    target.addIllegalDialect<QuantumDialect>();
    populateQuantumToLLVMConversionPatterns(converter, patterns);
  }
};

} // namespace

void cotangent::quantum::populateQuantumToLLVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  // Handles are plain integers owned by the runtime.
  converter.addConversion([](Type type) -> std::optional<Type> {
    if (isa<RegType, BitType, ObsType>(type))
      return IntegerType::get(type.getContext(), 64);
    return std::nullopt;
  });
  patterns.add<AllocLowering, DeallocLowering, ExtractLowering, InsertLowering,
               CustomLowering, FusedGatesLowering, UnitaryLowering,
               NamedObsLowering, TensorLowering, HamiltonianLowering,
               MeasureLowering, AdjointBeginLowering, AdjointStashLowering,
               AdjointResumeLowering>(converter);
  patterns.add<ScalarMeasurementLowering<ExpvalOp>>(converter,
                                                    RuntimeFunction::Expval);
  patterns.add<ScalarMeasurementLowering<VarOp>>(converter,
                                                 RuntimeFunction::Var);
  patterns.add<ArrayMeasurementLowering<ProbsOp>>(converter,
                                                  RuntimeFunction::Probs);
  patterns.add<ArrayMeasurementLowering<StateOp>>(converter,
                                                  RuntimeFunction::State);
}

void cotangent::quantum::registerConvertQuantumToLLVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, QuantumDialect *dialect) {
    dialect->addInterfaces<QuantumToLLVMInterface>();
  });
}
