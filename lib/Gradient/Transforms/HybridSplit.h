//===- HybridSplit.h - circuits split into classical and quantum parts -*-===//
//
// A function with quantum operations (a circuit function) that exact
// differentiation reaches is split, at tensor level, so that the AD engine
// sees only classical code and one call of a function with a registered
// gradient:
//
//   @F(args)                  the classical part: it computes every gate
//                             parameter into a buffer p (in the order the
//                             gates run), calls @F.quantum and
//                             post-processes its measurements;
//   @F.num_params(args)       the length of p (gates in loops make it
//                             dynamic);
//   @F.quantum(p, args)       the circuit with its gates reading p; returns
//                             the measurements in program order;
//   @F.quantum.vjp            the cotangent of p, by the circuit's
//                             diff_method (GradMethods/CircuitAdjoint.cpp:
//                             from a forward run that keeps its state,
//                             @F.quantum.taped; GradMethods/
//                             CircuitParameterShift.cpp: from p and args);
//   gradient.parameter_vjp    registers them for the engine.
// The other arguments of @F.quantum only steer control flow or feed
// non-differentiable operands, which are checked to depend on no argument.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_GRADIENT_TRANSFORMS_HYBRIDSPLIT_H
#define COTANGENT_LIB_GRADIENT_TRANSFORMS_HYBRIDSPLIT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace cotangent::quantum {
class CustomOp;
}

namespace cotangent::gradient {

/// A circuit function, checked to be splittable.
struct Circuit {
  mutable mlir::func::FuncOp function; // MLIR op handles have no const API
  /// expval, var and probs ops of the function's entry block, in order.
  llvm::SmallVector<mlir::Operation *> measurements;
};

/// Whether `function` itself contains quantum operations.
bool isCircuitFunction(mlir::func::FuncOp function);
/// Whether `function` or a function it calls contains quantum operations.
bool reachesCircuit(mlir::func::FuncOp function);

/// Splits every circuit function that `callee` reaches, once each
/// (`split` remembers them). Errors name the op, its location and
/// `derivative`, the op asking for the derivative.
mlir::LogicalResult
splitCircuitsReachedBy(mlir::func::FuncOp callee, mlir::Operation *derivative,
                       llvm::DenseSet<mlir::Operation *> &split);

//===--- Pieces the gradient methods share --------------------------------===//

/// A copy of the circuit named <function> + `suffix`, taking the parameter
/// buffer p first, whose gates read their parameters from p in order.
/// `measurements` receives the copy's measurement ops.
mlir::func::FuncOp
cloneReadingParams(const Circuit &circuit, llvm::StringRef suffix,
                   llvm::SmallVectorImpl<mlir::Operation *> &measurements);

/// The empty private function @<function>.quantum.vjp(leading..., one
/// cotangent per result of @F.quantum (type `quantumType`), out), with its
/// entry block, placed after `after`: `out`, of the type of @F.quantum's
/// parameter buffer, receives the parameters' cotangents.
mlir::func::FuncOp createQuantumVJP(const Circuit &circuit,
                                    mlir::FunctionType quantumType,
                                    mlir::TypeRange leading,
                                    mlir::func::FuncOp after);

class Counter;

/// A copy of the circuit named <function> + `suffix`, with `extraInputs`
/// appended to its arguments and without its quantum operations: `onGate`
/// runs at each gate with parameters (the builder placed before it) and
/// `finish` gives the values to return (the builder placed before the old
/// return), both with a counter that starts at zero. Null on failure.
mlir::func::FuncOp cloneClassicalPart(
    const Circuit &circuit, llvm::StringRef suffix, mlir::TypeRange extraInputs,
    mlir::TypeRange resultTypes,
    llvm::function_ref<void(mlir::OpBuilder &, quantum::CustomOp, Counter &)>
        onGate,
    llvm::function_ref<llvm::SmallVector<mlir::Value>(
        mlir::OpBuilder &, mlir::func::FuncOp, Counter &)>
        finish);

/// Replaces the circuit's quantum operations in `function` by nothing: their
/// results by poison, which canonicalization then removes with what only
/// they fed. Fails (with an error) if quantum values remain.
mlir::LogicalResult eraseQuantumOperations(mlir::func::FuncOp function);

/// An index counter in a rank-0 buffer, allocated at the function's entry:
/// next() returns the current value and advances it.
class Counter {
public:
  Counter(mlir::OpBuilder &b, mlir::func::FuncOp function);
  mlir::Value next(mlir::OpBuilder &b, mlir::Location loc, int64_t step = 1);
  mlir::Value current(mlir::OpBuilder &b, mlir::Location loc);

private:
  mlir::Value buffer;
};

/// The functions of a circuit's gradient (the operands of parameter_vjp).
struct CircuitGradient {
  /// Runs in the forward sweep in place of @F.quantum, returning one residual
  /// after its results; null: @F.quantum itself, its inputs the residuals.
  mlir::func::FuncOp forward;
  mlir::func::FuncOp vjp;
};

/// The gradient functions of the circuit by its diff_method; `quantumType`
/// is @F.quantum's type.
CircuitGradient buildAdjointVJP(const Circuit &circuit,
                                mlir::FunctionType quantumType);
CircuitGradient buildParameterShiftVJP(const Circuit &circuit,
                                       mlir::FunctionType quantumType);

} // namespace cotangent::gradient

#endif
