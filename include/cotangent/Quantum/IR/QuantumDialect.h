//===- QuantumDialect.h - the quantum dialect and its types -----*- C++ -*-===//
#ifndef COTANGENT_QUANTUM_IR_QUANTUMDIALECT_H
#define COTANGENT_QUANTUM_IR_QUANTUMDIALECT_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cotangent::quantum {
/// The simulator state: the memory resource all quantum operations touch.
struct QuantumStateResource
    : mlir::SideEffects::Resource::Base<QuantumStateResource> {
  llvm::StringRef getName() final { return "QuantumState"; }
};
} // namespace cotangent::quantum

#include "cotangent/Quantum/IR/QuantumDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cotangent/Quantum/IR/QuantumTypes.h.inc"

#endif
