//===- ContiguousBuffers.h - identity-layout buffers for the runtime -*- C++
//-*-===//
//
// The runtime reads and writes flat contiguous arrays, so ops that hand a
// tensor's buffer to it bufferize it with the identity layout (copied into
// one if necessary); and the bufferization models that the dialects' ops
// which only read tensors share.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_SUPPORT_CONTIGUOUSBUFFERS_H
#define COTANGENT_SUPPORT_CONTIGUOUSBUFFERS_H

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"

namespace cotangent {

/// The identity-layout buffer type of a tensor or memref type.
mlir::MemRefType contiguousBufferType(mlir::Type tensorOrMemRef);

/// The contiguous buffer holding the tensor `value`.
mlir::FailureOr<mlir::Value>
getContiguousBuffer(mlir::RewriterBase &rewriter, mlir::Value value,
                    const mlir::bufferization::BufferizationOptions &options,
                    const mlir::bufferization::BufferizationState &state);

/// The analysis half of a BufferizableOpInterface external model for ops
/// that only read their tensor operands, none of which a result aliases.
template <typename ConcreteModel, typename OpTy>
struct TensorReaderModel
    : mlir::bufferization::BufferizableOpInterface::ExternalModel<ConcreteModel,
                                                                  OpTy> {
  bool
  bufferizesToMemoryRead(mlir::Operation *, mlir::OpOperand &,
                         const mlir::bufferization::AnalysisState &) const {
    return true;
  }
  bool
  bufferizesToMemoryWrite(mlir::Operation *, mlir::OpOperand &,
                          const mlir::bufferization::AnalysisState &) const {
    return false;
  }
  mlir::bufferization::AliasingValueList
  getAliasingValues(mlir::Operation *, mlir::OpOperand &,
                    const mlir::bufferization::AnalysisState &) const {
    return {};
  }
};

/// The whole model for ops whose one tensor operand is operand 0, read as a
/// contiguous buffer, and that produce no tensor.
template <typename OpTy>
struct FirstOperandReaderModel
    : TensorReaderModel<FirstOperandReaderModel<OpTy>, OpTy> {
  mlir::LogicalResult
  bufferize(mlir::Operation *op, mlir::RewriterBase &rewriter,
            const mlir::bufferization::BufferizationOptions &options,
            mlir::bufferization::BufferizationState &state) const {
    mlir::FailureOr<mlir::Value> buffer =
        getContiguousBuffer(rewriter, op->getOperand(0), options, state);
    if (mlir::failed(buffer))
      return mlir::failure();
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, *buffer); });
    return mlir::success();
  }
};

} // namespace cotangent

#endif
