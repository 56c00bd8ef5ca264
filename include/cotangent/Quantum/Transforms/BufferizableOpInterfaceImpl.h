//===- BufferizableOpInterfaceImpl.h - bufferizing quantum ops --*- C++ -*-===//
#ifndef COTANGENT_QUANTUM_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define COTANGENT_QUANTUM_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
}

namespace cotangent::quantum {
/// Lets one-shot bufferization turn the tensor operands and results of quantum
/// ops (Hamiltonian coefficients, unitary matrices, probabilities, states) into
/// contiguous buffers.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);
} // namespace cotangent::quantum

#endif
