//===- BufferizableOpInterfaceImpl.cpp - bufferizing gradient ops ---------===//
//
// The bufferized callee takes its tensor results as trailing output buffers
// (buffer-results-to-out-params runs right after bufferization), so the
// buffer-level ops pass: the inputs (fresh copies: the callee may write into
// its arguments), then one output buffer per tensor result. Shadows:
//   backprop: zero buffers for differentiated tensor arguments (they receive
//             the adjoints), and for each tensor result a copy of its
//             cotangent (the reverse sweep consumes it);
//   forward:  a copy of the tangent of each differentiated tensor argument,
//             and a zero buffer per tensor result (it receives the tangent).
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/BufferizableOpInterfaceImpl.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/ContiguousBuffers.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace cotangent::gradient;

namespace {

class BufferBuilder {
public:
  BufferBuilder(RewriterBase &rewriter, Location loc,
                const BufferizationOptions &options,
                const BufferizationState &state)
      : rewriter(rewriter), loc(loc), options(options), state(state) {}

  FailureOr<Value> fresh(Type tensorType) {
    auto shaped = cast<ShapedType>(tensorType);
    return options.createAlloc(
        rewriter, loc,
        MemRefType::get(shaped.getShape(), shaped.getElementType()),
        ValueRange{});
  }

  FailureOr<Value> zeros(Type tensorType) {
    FailureOr<Value> buffer = fresh(tensorType);
    if (failed(buffer))
      return failure();
    Type element = getElementTypeOrSelf(tensorType);
    Value zero =
        arith::ConstantOp::create(rewriter, loc, FloatAttr::get(element, 0.0));
    linalg::FillOp::create(rewriter, loc, ValueRange{zero},
                           ValueRange{*buffer});
    return buffer;
  }

  /// A new contiguous buffer holding a copy of the tensor `value`.
  FailureOr<Value> copyOf(Value value) {
    FailureOr<Value> source = getBuffer(rewriter, value, options, state);
    FailureOr<Value> buffer = fresh(value.getType());
    if (failed(source) || failed(buffer))
      return failure();
    if (failed(options.createMemCpy(rewriter, loc, *source, *buffer)))
      return failure();
    return buffer;
  }

  RewriterBase &rewriter;
  Location loc;
  const BufferizationOptions &options;
  const BufferizationState &state;
};

/// What both ops share: operands become buffers, results come from buffers
/// or from the buffer-level op's scalar results.
template <typename OpTy, bool Reverse>
struct DerivativeModel
    : cotangent::TensorReaderModel<DerivativeModel<OpTy, Reverse>, OpTy> {
  AliasingOpOperandList getAliasingOpOperands(Operation *, Value,
                                              const AnalysisState &) const {
    return {};
  }
  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto derivative = cast<OpTy>(op);
    // The callee may already be bufferized: read its tensor-level signature
    // off this op (results: the callee's, then one derivative per
    // differentiated argument (reverse) or per result (forward)).
    BufferBuilder buffers(rewriter, op->getLoc(), options, state);
    ArrayRef<int64_t> diffArgs = derivative.getDiffArgs();
    ValueRange seeds;
    if constexpr (Reverse)
      seeds = derivative.getCotangents(); // one per result
    else
      seeds = derivative.getTangents(); // one per differentiated argument

    SmallVector<Value> operands, shadows, scalarSeeds;
    SmallVector<int64_t> shadowed, activeScalars;
    // Where each differentiated argument's derivative will be found.
    size_t numResults = Reverse ? op->getNumResults() - diffArgs.size()
                                : op->getNumResults() / 2;
    TypeRange calleeResults =
        TypeRange(op->getResultTypes()).take_front(numResults);
    SmallVector<Value> argShadow(derivative.getArgs().size());
    for (auto [index, operand] : llvm::enumerate(derivative.getArgs())) {
      if (!isa<TensorType>(operand.getType())) {
        operands.push_back(operand);
        continue;
      }
      FailureOr<Value> buffer = buffers.copyOf(operand);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
    }
    for (auto [position, index] : llvm::enumerate(diffArgs)) {
      Value operand = derivative.getArgs()[index];
      if (!isa<TensorType>(operand.getType())) {
        activeScalars.push_back(index);
        if (!Reverse)
          scalarSeeds.push_back(seeds[position]);
        continue;
      }
      FailureOr<Value> shadow = Reverse ? buffers.zeros(operand.getType())
                                        : buffers.copyOf(seeds[position]);
      if (failed(shadow))
        return failure();
      shadowed.push_back(index);
      shadows.push_back(*shadow);
      argShadow[index] = *shadow;
    }
    // Results: tensors become output buffers (with shadows), scalars stay.
    SmallVector<Value> resultBuffers, resultShadows;
    SmallVector<Type> scalarResultTypes;
    for (auto [k, type] : llvm::enumerate(calleeResults)) {
      if (!isa<TensorType>(type)) {
        scalarResultTypes.push_back(type);
        if (Reverse)
          scalarSeeds.push_back(seeds[k]);
        continue;
      }
      FailureOr<Value> out = buffers.fresh(type);
      FailureOr<Value> shadow =
          Reverse ? buffers.copyOf(seeds[k]) : buffers.zeros(type);
      if (failed(out) || failed(shadow))
        return failure();
      shadowed.push_back(operands.size());
      operands.push_back(*out);
      shadows.push_back(*shadow);
      resultBuffers.push_back(*out);
      resultShadows.push_back(*shadow);
    }

    SmallVector<Type> callResults(scalarResultTypes);
    if (Reverse) {
      for (int64_t index : activeScalars)
        callResults.push_back(derivative.getArgs()[index].getType());
    } else {
      llvm::append_range(callResults, scalarResultTypes);
    }
    using CallOpTy = std::conditional_t<Reverse, ReverseCallOp, TangentCallOp>;
    auto call = CallOpTy::create(
        rewriter, op->getLoc(), callResults, derivative.getCallee(), operands,
        shadows, scalarSeeds, rewriter.getDenseI64ArrayAttr(shadowed),
        rewriter.getDenseI64ArrayAttr(activeScalars));

    // The tensor-level results: the callee's results, then derivatives.
    SmallVector<Value> replacements;
    auto scalarResults = call.getResults();
    size_t nextScalar = 0, nextBuffer = 0;
    for (Type type : calleeResults)
      replacements.push_back(isa<TensorType>(type)
                                 ? resultBuffers[nextBuffer++]
                                 : scalarResults[nextScalar++]);
    if (Reverse) {
      for (int64_t index : diffArgs)
        replacements.push_back(argShadow[index] ? argShadow[index]
                                                : scalarResults[nextScalar++]);
    } else {
      nextBuffer = 0;
      for (Type type : calleeResults)
        replacements.push_back(isa<TensorType>(type)
                                   ? resultShadows[nextBuffer++]
                                   : scalarResults[nextScalar++]);
    }
    replaceOpWithBufferizedValues(rewriter, op, replacements);
    return success();
  }
};

} // namespace

void cotangent::gradient::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GradientDialect *) {
    BackpropOp::attachInterface<DerivativeModel<BackpropOp, true>>(*ctx);
    ForwardOp::attachInterface<DerivativeModel<ForwardOp, false>>(*ctx);
  });
}
