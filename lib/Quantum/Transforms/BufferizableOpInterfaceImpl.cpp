//===- BufferizableOpInterfaceImpl.cpp - bufferizing quantum ops ----------===//
//
// Every buffer handed to a quantum op has the identity layout
// (ContiguousBuffers.h).
//
//===----------------------------------------------------------------------===//
#include "cotangent/Quantum/Transforms/BufferizableOpInterfaceImpl.h"

#include "cotangent/Quantum/IR/QuantumOps.h"
#include "cotangent/Support/ContiguousBuffers.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace cotangent::quantum;
using cotangent::contiguousBufferType;
using cotangent::FirstOperandReaderModel;

namespace {

/// probs/state: the tensor result becomes a fresh buffer the op writes into.
template <typename OpTy>
struct ArrayMeasurementModel
    : BufferizableOpInterface::ExternalModel<ArrayMeasurementModel<OpTy>,
                                             OpTy> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
  AliasingOpOperandList getAliasingOpOperands(Operation *, Value,
                                              const AnalysisState &) const {
    return {};
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &) const {
    auto measurement = cast<OpTy>(op);
    MemRefType type = contiguousBufferType(measurement.getResult().getType());
    FailureOr<Value> buffer =
        options.createAlloc(rewriter, op->getLoc(), type, ValueRange{});
    if (failed(buffer))
      return failure();
    OpTy::create(rewriter, op->getLoc(), TypeRange{}, measurement.getQubits(),
                 *buffer);
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};

} // namespace

void cotangent::quantum::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, QuantumDialect *) {
    // The one tensor operand (coefficients, matrix) is operand 0 of both.
    HamiltonianOp::attachInterface<FirstOperandReaderModel<HamiltonianOp>>(
        *ctx);
    UnitaryOp::attachInterface<FirstOperandReaderModel<UnitaryOp>>(*ctx);
    ProbsOp::attachInterface<ArrayMeasurementModel<ProbsOp>>(*ctx);
    StateOp::attachInterface<ArrayMeasurementModel<StateOp>>(*ctx);
  });
}
