//===- BufferizableOpInterfaceImpl.h - bufferizing gradient ops -*- C++ -*-===//
#ifndef COTANGENT_GRADIENT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define COTANGENT_GRADIENT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
}

namespace cotangent::gradient {
/// Turns `backprop` and `forward` on tensors into `reverse_call` and
/// `tangent_call` on buffers, allocating the shadow buffers.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace cotangent::gradient

#endif
