//===- QuantumOps.h - operations of the quantum dialect ---------*- C++ -*-===//
#ifndef COTANGENT_QUANTUM_IR_QUANTUMOPS_H
#define COTANGENT_QUANTUM_IR_QUANTUMOPS_H

#include "cotangent/Quantum/IR/QuantumDialect.h"
#include "cotangent/Quantum/IR/QuantumInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include "cotangent/Quantum/IR/QuantumEnums.h.inc"

#define GET_OP_CLASSES
#include "cotangent/Quantum/IR/QuantumOps.h.inc"

#include <utility>

namespace cotangent::quantum {
/// Identifies a qubit statically where possible: the SSA value, or for a qubit
/// fresh out of a register, the register and static index it came from (else
/// -1). Two qubits with the same identity are the same qubit.
std::pair<mlir::Value, int64_t> qubitIdentity(mlir::Value qubit);
} // namespace cotangent::quantum

#endif
