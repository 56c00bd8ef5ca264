//===- Passes.h - passes of the gradient dialect ----------------*- C++ -*-===//
#ifndef COTANGENT_GRADIENT_TRANSFORMS_PASSES_H
#define COTANGENT_GRADIENT_TRANSFORMS_PASSES_H

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/Pass.h"

namespace cotangent::gradient {

#define GEN_PASS_DECL
#include "cotangent/Gradient/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cotangent/Gradient/Transforms/Passes.h.inc"

} // namespace cotangent::gradient

#endif
