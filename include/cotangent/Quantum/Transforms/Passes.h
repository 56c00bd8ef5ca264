//===- Passes.h - passes of the quantum dialect -----------------*- C++ -*-===//
#ifndef COTANGENT_QUANTUM_TRANSFORMS_PASSES_H
#define COTANGENT_QUANTUM_TRANSFORMS_PASSES_H

#include "cotangent/Quantum/IR/QuantumDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cotangent::quantum {

#define GEN_PASS_DECL
#include "cotangent/Quantum/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cotangent/Quantum/Transforms/Passes.h.inc"

} // namespace cotangent::quantum

#endif
