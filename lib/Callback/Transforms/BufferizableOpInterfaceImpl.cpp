//===- BufferizableOpInterfaceImpl.cpp - bufferizing callback ops ---------===//
//
// The host sees contiguous arrays (ContiguousBuffers.h). `invoke` reads its
// operands and writes every result into a buffer it is given: a fresh
// buffer for a tensor, a one-element stack slot for a scalar (read back
// after the call), so the runtime receives one buffer per value in the
// callback's own order.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Callback/Transforms/BufferizableOpInterfaceImpl.h"

#include "cotangent/Callback/IR/CallbackOps.h"
#include "cotangent/Support/ContiguousBuffers.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace cotangent::callback;
using cotangent::contiguousBufferType;
using cotangent::getContiguousBuffer;

namespace {

struct InvokeModel : cotangent::TensorReaderModel<InvokeModel, InvokeOp> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
  AliasingOpOperandList getAliasingOpOperands(Operation *, Value,
                                              const AnalysisState &) const {
    return {};
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto invoke = cast<InvokeOp>(op);
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value arg : invoke.getArgs()) {
      if (!isa<TensorType>(arg.getType())) {
        operands.push_back(arg);
        continue;
      }
      FailureOr<Value> buffer =
          getContiguousBuffer(rewriter, arg, options, state);
      if (failed(buffer))
        return failure();
      operands.push_back(*buffer);
    }
    SmallVector<Value> outputs;
    for (Type type : invoke.getResultTypes()) {
      if (isa<TensorType>(type)) {
        FailureOr<Value> buffer = options.createAlloc(
            rewriter, loc, contiguousBufferType(type), ValueRange{});
        if (failed(buffer))
          return failure();
        outputs.push_back(*buffer);
        continue;
      }
      outputs.push_back(
          memref::AllocaOp::create(rewriter, loc, MemRefType::get({}, type)));
    }
    llvm::append_range(operands, outputs);
    InvokeOp::create(rewriter, loc, TypeRange{}, invoke.getInvocation(),
                     invoke.getCallback(), invoke.getId(), operands,
                     outputs.size());
    SmallVector<Value> replacements;
    for (auto [type, output] : llvm::zip(invoke.getResultTypes(), outputs))
      replacements.push_back(
          isa<TensorType>(type)
              ? output
              : memref::LoadOp::create(rewriter, loc, output).getResult());
    replaceOpWithBufferizedValues(rewriter, op, replacements);
    return success();
  }
};

} // namespace

void cotangent::callback::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, CallbackDialect *) {
    PrintOp::attachInterface<cotangent::FirstOperandReaderModel<PrintOp>>(*ctx);
    InvokeOp::attachInterface<InvokeModel>(*ctx);
  });
}
