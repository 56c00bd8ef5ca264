//===- BufferizableOpInterfaceImpl.h - bufferizing callback ops -*- C++ -*-===//
#ifndef COTANGENT_CALLBACK_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define COTANGENT_CALLBACK_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
}

namespace cotangent::callback {
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace cotangent::callback

#endif
