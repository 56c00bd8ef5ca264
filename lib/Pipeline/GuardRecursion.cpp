//===- GuardRecursion.cpp - recursion stopped before the stack overflows --===//
//
// A recursion too deep for the thread's stack would end the host process
// with SIGSEGV. Every function that can call itself, directly or through
// others (a cycle of the call graph, derivative functions included, as this
// runs after differentiation), first asks the runtime whether the stack has
// room left; near its end the call stops with a run-time error naming the
// function. Functions outside every cycle get no check: their depth is
// bounded by the program's text.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "cotangent/Support/IRBuilders.h"
#include "cotangent/Support/RuntimeABI.h"
#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SCCIterator.h"

namespace cotangent {
#define GEN_PASS_DEF_GUARDRECURSION
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

bool callsItself(CallGraphNode *node) {
  return llvm::any_of(*node, [&](const CallGraphNode::Edge &edge) {
    return edge.getTarget() == node;
  });
}

struct GuardRecursion : cotangent::impl::GuardRecursionBase<GuardRecursion> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    CallGraph callGraph(module);
    SmallVector<func::FuncOp> recursive;
    for (auto scc = llvm::scc_begin(&std::as_const(callGraph)); !scc.isAtEnd();
         ++scc) {
      const std::vector<CallGraphNode *> &nodes = *scc;
      if (nodes.size() == 1 && !callsItself(nodes.front()))
        continue;
      for (CallGraphNode *node : nodes)
        if (!node->isExternal())
          if (auto function = dyn_cast<func::FuncOp>(
                  node->getCallableRegion()->getParentOp()))
            recursive.push_back(function);
    }
    for (func::FuncOp function : recursive) {
      if (function.isExternal())
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&function.getBody().front());
      Location loc = function.getLoc();
      // Generated functions are named after the program's function.
      StringAttr source = cotangent::sourceFunctionName(function);
      std::string described =
          source ? ("the derivative of @" + source.getValue()).str()
                 : ("@" + function.getSymName()).str();
      Value name =
          cotangent::constantCString(b, loc, module, "__cot_name_", described);
      if (failed(cotangent::callRuntimeFunction(
              b, loc, module, cotangent::runtime::RuntimeFunction::StackCheck,
              {name, cotangent::sourceLocationString(b, loc, module)})))
        return signalPassFailure();
    }
  }
};

} // namespace
