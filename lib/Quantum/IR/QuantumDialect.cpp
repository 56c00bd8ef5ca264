//===- QuantumDialect.cpp - registration of the quantum dialect -----------===//
#include "cotangent/Quantum/IR/QuantumDialect.h"
#include "cotangent/Quantum/IR/QuantumOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cotangent::quantum;

#include "cotangent/Quantum/IR/QuantumDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cotangent/Quantum/IR/QuantumTypes.cpp.inc"

void QuantumDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cotangent/Quantum/IR/QuantumTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "cotangent/Quantum/IR/QuantumOps.cpp.inc"
      >();
}
