//===- LowerGradients.cpp - grad, jvp, vjp become derivative code ---------===//
//
// Works on tensors, before bufferization. Picks, for each user-facing op, the
// method that gives its derivatives (GradMethods/):
//   - one reverse sweep (vjp, grad of a scalar function) or one forward
//     sweep (jvp);
//   - a Jacobian row by row (reverse) or column by column (forward),
//     whichever needs fewer sweeps;
//   - central finite differences for method = "fd".
// A callee that itself takes reverse-mode derivatives is differentiated in
// forward mode (forward over reverse), the engine having no reverse mode of
// its own tape.
//
// Exact derivatives of a callee that reaches quantum circuits first split
// each circuit (HybridSplit.h); a circuit's gradient exists in reverse mode
// only, so such derivatives use reverse sweeps (a JVP one per result
// element). So does a custom gradient without a JVP (a forward and reverse
// pair, such as a host callback's): first derivatives through one are built
// from reverse sweeps, so that the rule is used whatever the mode.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/Passes.h"

#include "GradMethods/GradMethods.h"
#include "GradMethods/TensorBuilder.h"
#include "HybridSplit.h"

#include "cotangent/AutoDiff/CallGraph.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

namespace cotangent::gradient {
#define GEN_PASS_DEF_LOWERGRADIENTS
#include "cotangent/Gradient/Transforms/Passes.h.inc"
} // namespace cotangent::gradient

using namespace mlir;
using namespace cotangent::gradient;

namespace {

/// Whether `function` (or anything it calls) takes reverse-mode derivatives.
bool takesReverseDerivatives(func::FuncOp function) {
  return cotangent::autodiff::reachesOp(function, [](Operation *op) {
    return isa<GradOp, ValueAndGradOp, VJPOp, BackpropOp>(op);
  });
}

/// The columns of the method: forward sweeps or central differences.
SmallVector<Value> column(const DerivativeRequest &request, bool fd, double h,
                          size_t j, Value direction) {
  return fd ? finiteDifferenceColumn(request, j, direction, h)
            : forwardColumn(request, j, direction);
}

/// How an op's derivatives may be built.
struct Mode {
  bool nested;   ///< the callee takes reverse-mode derivatives itself
  bool circuits; ///< exact derivatives through quantum circuits
  /// Exact derivatives from reverse sweeps only: through circuits, or
  /// (first derivatives) through custom gradients without a JVP.
  bool reverseOnly;
};

/// The Jacobian blocks of a grad or value_and_grad.
SmallVector<Value> jacobian(const DerivativeRequest &request, StringRef method,
                            double h, Mode mode) {
  bool fd = method == "fd";
  if (!fd && mode.reverseOnly)
    return jacobianByRows(request);
  bool nested = mode.nested;
  int64_t rows = 0, columns = 0;
  for (Type result : request.resultTypes())
    rows += numElements(result);
  for (size_t j = 0; j < request.diffArgs.size(); ++j)
    columns += numElements(request.argType(j));
  if (fd || nested || columns < rows)
    return jacobianByColumns(request, [&](size_t j, Value direction) {
      return column(request, fd, h, j, direction);
    });
  return jacobianByRows(request);
}

template <typename OpTy>
DerivativeRequest requestOf(OpBuilder &b, OpTy op, func::FuncOp callee,
                            SmallVector<int64_t> &diffArgs) {
  diffArgs = op.getDiffArgIndices();
  return {b, op.getLoc(), callee, op.getArgs(), diffArgs};
}

SmallVector<Value> lower(OpBuilder &b, GradOp op, func::FuncOp callee,
                         Mode mode) {
  SmallVector<int64_t> diffArgs;
  DerivativeRequest request = requestOf(b, op, callee, diffArgs);
  return jacobian(request, op.getDiffMethod(), op.getStep(), mode);
}

SmallVector<Value> lower(OpBuilder &b, ValueAndGradOp op, func::FuncOp callee,
                         Mode mode) {
  SmallVector<int64_t> diffArgs;
  DerivativeRequest request = requestOf(b, op, callee, diffArgs);
  // A scalar function's gradient is one reverse sweep, whose forward part
  // computes the value too: the callee runs once (and so do its inactive
  // callbacks).
  TypeRange results = request.resultTypes();
  if (op.getDiffMethod() != "fd" && !mode.nested && results.size() == 1 &&
      isa<FloatType>(results[0]))
    return vjpReverse(request, op.getResultTypes(),
                      TensorBuilder(b, op.getLoc()).splat(results[0], 1.0));
  SmallVector<Value> values = request.callPrimal(op.getArgs());
  llvm::append_range(values,
                     jacobian(request, op.getDiffMethod(), op.getStep(), mode));
  return values;
}

SmallVector<Value> lower(OpBuilder &b, JVPOp op, func::FuncOp callee,
                         Mode mode) {
  SmallVector<int64_t> diffArgs;
  DerivativeRequest request = requestOf(b, op, callee, diffArgs);
  if (op.getDiffMethod() != "fd" && mode.reverseOnly) {
    SmallVector<Value> values = request.callPrimal(op.getArgs());
    llvm::append_range(values, jvpByRows(request, op.getTangents()));
    return values;
  }
  if (op.getDiffMethod() != "fd")
    return jvpForward(request, op.getResultTypes(), op.getTangents());
  SmallVector<Value> values = request.callPrimal(op.getArgs());
  llvm::append_range(
      values,
      centralDifferences(request, diffArgs, op.getTangents(), op.getStep()));
  return values;
}

SmallVector<Value> lower(OpBuilder &b, VJPOp op, func::FuncOp callee,
                         Mode mode) {
  SmallVector<int64_t> diffArgs;
  DerivativeRequest request = requestOf(b, op, callee, diffArgs);
  bool fd = op.getDiffMethod() == "fd";
  if (!fd && !mode.nested)
    return vjpReverse(request, op.getResultTypes(), op.getCotangents());
  SmallVector<Value> values = request.callPrimal(op.getArgs());
  llvm::append_range(
      values,
      vjpByColumns(request, op.getCotangents(), [&](size_t j, Value direction) {
        return column(request, fd, op.getStep(), j, direction);
      }));
  return values;
}

/// Custom gradients must survive bufferization and inlining: record the
/// tensor-level types, and keep calls of the function as calls. Returns the
/// names of the functions whose custom gradient has no JVP.
DenseSet<StringAttr> recordCustomGradients(ModuleOp module,
                                           SymbolTableCollection &symbols) {
  DenseSet<StringAttr> functions;
  module.walk([&](CustomGradOp op) {
    if (!op.getTangentAttr())
      functions.insert(op.getCalleeAttr().getAttr());
    SmallVector<Attribute> types;
    SmallVector<FlatSymbolRefAttr> names{
        op.getCalleeAttr(), op.getForwardAttr(), op.getReverseAttr()};
    if (op.getTangentAttr())
      names.push_back(op.getTangentAttr());
    for (FlatSymbolRefAttr name : names) {
      auto function = symbols.lookupNearestSymbolFrom<func::FuncOp>(op, name);
      types.push_back(TypeAttr::get(function.getFunctionType()));
      if (name == op.getCalleeAttr())
        function.setNoInline(true);
    }
    op.setTensorTypesAttr(ArrayAttr::get(op.getContext(), types));
  });
  return functions;
}

struct LowerGradients
    : cotangent::gradient::impl::LowerGradientsBase<LowerGradients> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    DenseSet<StringAttr> withoutJVP = recordCustomGradients(module, symbols);
    auto reachesReverseOnlyGradient = [&](func::FuncOp function) {
      return cotangent::autodiff::reachesOp(function, [&](Operation *op) {
        auto call = dyn_cast<func::CallOp>(op);
        return call && withoutJVP.contains(call.getCalleeAttr().getAttr());
      });
    };
    auto calleeOf = [&](Operation *op) {
      return symbols.lookupNearestSymbolFrom<func::FuncOp>(
          op, op->getAttrOfType<FlatSymbolRefAttr>("callee"));
    };
    // Decide every op's mode before rewriting any: rewriting changes what
    // the callees contain.
    SmallVector<std::pair<Operation *, Mode>> work;
    module.walk([&](Operation *op) {
      if (!isa<GradOp, ValueAndGradOp, JVPOp, VJPOp>(op))
        return;
      func::FuncOp callee = calleeOf(op);
      auto method = op->getAttrOfType<StringAttr>("method");
      bool exact = !method || method.getValue() != "fd";
      bool nested = takesReverseDerivatives(callee);
      bool circuits = exact && reachesCircuit(callee);
      bool custom = exact && !nested && reachesReverseOnlyGradient(callee);
      work.push_back({op, Mode{nested, circuits, circuits || custom}});
    });
    // Split the circuits before any rewriting copies them.
    DenseSet<Operation *> split;
    for (auto [op, mode] : work) {
      if (!mode.circuits)
        continue;
      if (mode.nested) {
        op->emitError("cannot take exact derivatives of a function that "
                      "differentiates a quantum circuit itself (a circuit's "
                      "gradient has no derivative); use method = \"fd\" for "
                      "one of the two");
        return signalPassFailure();
      }
      if (failed(splitCircuitsReachedBy(calleeOf(op), op, split)))
        return signalPassFailure();
    }
    for (auto [op, mode] : work) {
      OpBuilder b(op);
      func::FuncOp callee = calleeOf(op);
      SmallVector<Value> results =
          llvm::TypeSwitch<Operation *, SmallVector<Value>>(op)
              .Case<GradOp, ValueAndGradOp, JVPOp, VJPOp>(
                  [&](auto typed) { return lower(b, typed, callee, mode); });
      op->replaceAllUsesWith(results);
      op->erase();
    }
  }
};

} // namespace
