//===- ContiguousBuffers.cpp - identity-layout buffers for the runtime ----===//
#include "cotangent/Support/ContiguousBuffers.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::bufferization;

MemRefType cotangent::contiguousBufferType(Type tensorOrMemRef) {
  auto shaped = cast<ShapedType>(tensorOrMemRef);
  return MemRefType::get(shaped.getShape(), shaped.getElementType());
}

FailureOr<Value>
cotangent::getContiguousBuffer(RewriterBase &rewriter, Value value,
                               const BufferizationOptions &options,
                               const BufferizationState &state) {
  FailureOr<Value> buffer = getBuffer(rewriter, value, options, state);
  if (failed(buffer))
    return failure();
  MemRefType contiguous = contiguousBufferType(value.getType());
  if (buffer->getType() == contiguous)
    return buffer;
  return castOrReallocMemRefValue(rewriter, *buffer, contiguous, options);
}
