//===- ContiguousBuffers.h - identity-layout buffers for the runtime -*- C++
//-*-===//
//
// The runtime reads and writes flat contiguous arrays, so ops that hand a
// tensor's buffer to it bufferize it with the identity layout (copied into
// one if necessary).
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

} // namespace cotangent

#endif
