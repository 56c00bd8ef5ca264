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

#endif
