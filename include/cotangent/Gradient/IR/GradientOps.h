//===- GradientOps.h - operations of the gradient dialect -------*- C++ -*-===//
#ifndef COTANGENT_GRADIENT_IR_GRADIENTOPS_H
#define COTANGENT_GRADIENT_IR_GRADIENTOPS_H

#include "cotangent/Gradient/IR/GradientDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "cotangent/Gradient/IR/GradientOps.h.inc"

namespace cotangent::gradient {

/// The type of d(result)/d(argument): shape(result) ++ shape(argument), with
/// the argument's element type; a scalar when both are scalars.
mlir::Type derivativeType(mlir::Type result, mlir::Type argument);

} // namespace cotangent::gradient

#endif
