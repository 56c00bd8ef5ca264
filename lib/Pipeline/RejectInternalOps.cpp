//===- RejectInternalOps.cpp - ops only the compiler makes ----------------===//
#include "cotangent/Pipeline/Passes.h"

#include "llvm/ADT/StringMap.h"

namespace cotangent {
#define GEN_PASS_DEF_REJECTINTERNALOPS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Each internal op, with what a program writes instead.
const llvm::StringMap<const char *> &internalOps() {
  static const llvm::StringMap<const char *> ops = {
      {"gradient.backprop", "gradient.grad or gradient.vjp"},
      {"gradient.forward", "gradient.jvp"},
      {"gradient.reverse_call", "gradient.grad or gradient.vjp"},
      {"gradient.tangent_call", "gradient.jvp"},
      {"gradient.tape_push", "gradient.grad"},
      {"gradient.tape_pop", "gradient.grad"},
      {"gradient.residuals_create", "gradient.custom_grad"},
      {"gradient.residuals_put", "gradient.custom_grad"},
      {"gradient.residuals_get", "gradient.custom_grad"},
      {"gradient.residuals_free", "gradient.custom_grad"},
      {"gradient.parameter_vjp", "gradient.custom_grad"},
      {"quantum.adjoint_begin", "diff_method = \"adjoint\" on the circuit"},
      {"quantum.adjoint_stash", "diff_method = \"adjoint\" on the circuit"},
      {"quantum.adjoint_resume", "diff_method = \"adjoint\" on the circuit"},
      {"callback.invoke", "callback.call"},
  };
  return ops;
}

struct RejectInternalOps
    : cotangent::impl::RejectInternalOpsBase<RejectInternalOps> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](Operation *op) {
      auto it = internalOps().find(op->getName().getStringRef());
      if (it == internalOps().end())
        return;
      op->emitError("'") << op->getName()
                         << "' is internal to the compiler and cannot be "
                            "written in a program; write "
                         << it->second << " instead";
      failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
