//===- GradientDialect.h - the gradient dialect -----------------*- C++ -*-===//
#ifndef COTANGENT_GRADIENT_IR_GRADIENTDIALECT_H
#define COTANGENT_GRADIENT_IR_GRADIENTDIALECT_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace cotangent::gradient {
/// The derivative tape: the memory resource tape pushes and pops touch.
struct TapeResource : mlir::SideEffects::Resource::Base<TapeResource> {
  llvm::StringRef getName() final { return "DerivativeTape"; }
};
} // namespace cotangent::gradient

#include "cotangent/Gradient/IR/GradientDialect.h.inc"

#endif
