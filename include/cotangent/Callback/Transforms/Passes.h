//===- Passes.h - passes of the callback dialect ----------------*- C++ -*-===//
#ifndef COTANGENT_CALLBACK_TRANSFORMS_PASSES_H
#define COTANGENT_CALLBACK_TRANSFORMS_PASSES_H

#include "cotangent/Callback/IR/CallbackDialect.h"
#include "cotangent/Gradient/IR/GradientDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace cotangent::callback {

#define GEN_PASS_DECL
#include "cotangent/Callback/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cotangent/Callback/Transforms/Passes.h.inc"

} // namespace cotangent::callback

#endif
