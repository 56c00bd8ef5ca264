//===- CallGraph.h - questions about what a function reaches ----*- C++ -*-===//
#ifndef COTANGENT_AUTODIFF_CALLGRAPH_H
#define COTANGENT_AUTODIFF_CALLGRAPH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace cotangent::autodiff {

/// Whether `function`, or any function it calls directly or indirectly (by
/// func.call or through a derivative op's callee), contains an op for which
/// `matches` holds. Recursion is fine.
bool reachesOp(mlir::func::FuncOp function,
               llvm::function_ref<bool(mlir::Operation *)> matches);

} // namespace cotangent::autodiff

#endif
