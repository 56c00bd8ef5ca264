//===- QuantumInterfaces.cpp - interfaces of quantum ops ------------------===//
#include "cotangent/Quantum/IR/QuantumInterfaces.h"

#include "cotangent/Quantum/IR/QuantumInterfaces.cpp.inc"
