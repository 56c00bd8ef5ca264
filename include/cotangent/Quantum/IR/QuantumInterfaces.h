//===- QuantumInterfaces.h - interfaces of quantum ops ----------*- C++ -*-===//
#ifndef COTANGENT_QUANTUM_IR_QUANTUMINTERFACES_H
#define COTANGENT_QUANTUM_IR_QUANTUMINTERFACES_H

#include "mlir/IR/OpDefinition.h"

#include "cotangent/Quantum/IR/QuantumInterfaces.h.inc"

#endif
