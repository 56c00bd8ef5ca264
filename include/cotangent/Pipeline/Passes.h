//===- Passes.h - passes of the compilation pipeline ------------*- C++ -*-===//
#ifndef COTANGENT_PIPELINE_PASSES_H
#define COTANGENT_PIPELINE_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace cotangent {

/// Prefix of the host-callable twin that `wrap-entry-points` makes for a
/// public function.
inline constexpr llvm::StringLiteral kEntryWrapperPrefix = "_cot_entry_";

#define GEN_PASS_DECL
#include "cotangent/Pipeline/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cotangent/Pipeline/Passes.h.inc"

} // namespace cotangent

#endif
