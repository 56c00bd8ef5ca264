//===- CallGraph.cpp - questions about what a function reaches ------------===//
#include "cotangent/AutoDiff/CallGraph.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

static bool reachesOp(func::FuncOp function,
                      llvm::function_ref<bool(Operation *)> matches,
                      llvm::SmallPtrSetImpl<Operation *> &visited) {
  if (!visited.insert(function).second || function.isExternal())
    return false;
  WalkResult result = function.walk([&](Operation *op) {
    if (matches(op))
      return WalkResult::interrupt();
    // Calls, and derivative ops, which run their callee too.
    if (auto name = op->getAttrOfType<FlatSymbolRefAttr>("callee"))
      if (auto callee =
              SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name))
        if (reachesOp(callee, matches, visited))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bool cotangent::autodiff::reachesOp(
    func::FuncOp function, llvm::function_ref<bool(Operation *)> matches) {
  llvm::SmallPtrSet<Operation *, 8> visited;
  return ::reachesOp(function, matches, visited);
}
