//===- RejectExternalFunctions.cpp - functions without a body -------------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace cotangent {
#define GEN_PASS_DEF_REJECTEXTERNALFUNCTIONS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

struct RejectExternalFunctions
    : cotangent::impl::RejectExternalFunctionsBase<RejectExternalFunctions> {
  void runOnOperation() override {
    bool failed = false;
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (!function.isExternal())
        continue;
      function.emitError("@")
          << function.getName()
          << " is declared without a body: a program cannot call functions "
             "outside it (declare a host function with callback.declare)";
      failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
