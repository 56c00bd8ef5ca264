//===- Passes.td - passes of the gradient dialect -----------*- tablegen -*-===//
#ifndef COTANGENT_GRADIENT_PASSES
#define COTANGENT_GRADIENT_PASSES

include "mlir/Pass/PassBase.td"

def LowerGradients : Pass<"lower-gradients", "mlir::ModuleOp"> {
  let summary = "Turn grad, value_and_grad, jvp and vjp into reverse-mode "
                "(backprop), forward-mode (forward) or finite-difference code";
  let description = [{
    Works on tensors. A Jacobian is assembled from reverse sweeps (one per
    result element) or forward sweeps (one per argument element), whichever
    needs fewer. A function that itself takes reverse-mode derivatives is
    differentiated in forward mode (forward over reverse). Each circuit
    function that exact differentiation reaches is split into its classical
    part and its quantum part, whose gradient comes from the circuit's
    `diff_method` ("adjoint" by default, or "parameter-shift") and joins
    the classical derivatives through `gradient.parameter_vjp`; derivatives
    through circuits are assembled from reverse sweeps only.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::ub::UBDialect",
                           "mlir::func::FuncDialect"];
}

def Differentiate : Pass<"differentiate", "mlir::ModuleOp"> {
  let summary = "Replace reverse_call and tangent_call with calls of "
                "generated derivative functions";
  let description = [{
    The AD engine, on bufferized IR (func, arith, math, scf, memref). For each
    callee and pattern of active arguments it generates, once, a tangent
    function (forward mode) or a pair of functions: a forward sweep that
    saves on the tape what the reverse sweep needs, and the reverse sweep.
    Calls of functions with a `gradient.custom_grad` use the custom gradient.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::scf::SCFDialect", "mlir::memref::MemRefDialect",
                           "mlir::linalg::LinalgDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::func::FuncDialect"];
}

#endif
