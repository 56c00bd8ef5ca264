//===- Passes.td - passes of the callback dialect ----------*- tablegen -*-===//
#ifndef COTANGENT_CALLBACK_PASSES
#define COTANGENT_CALLBACK_PASSES

include "mlir/Pass/PassBase.td"

def SpecializeCallbacks : Pass<"specialize-callbacks", "mlir::ModuleOp"> {
  let summary = "Give every host callback a function of its own";
  let description = [{
    Every `callback.declare @cb` becomes a private function `@cb` whose body
    calls the runtime's callback entry (`callback.invoke primal`) with the
    callback's id (its position among the declarations); every
    `callback.call @cb` becomes a call of that function. For a callback
    declared `host_gradient`, it also makes `@cb.host_forward` (results, then
    the handle of the host's residuals) and `@cb.host_reverse` (the handle
    and the results' cotangents to the arguments' cotangents) and registers
    them as `@cb`'s custom gradient (`gradient.custom_grad`), with
    `@cb.host_jvp` (arguments and their tangents to results and theirs) as
    its JVP when the declaration is also `host_jvp`, so the AD
    engine differentiates the callback like any function with a custom
    gradient. Runs first, before `lower-gradients`.
  }];
  let dependentDialects = ["mlir::func::FuncDialect",
                           "cotangent::gradient::GradientDialect"];
}

#endif
