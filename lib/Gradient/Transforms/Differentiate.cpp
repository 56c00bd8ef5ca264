//===- Differentiate.cpp - derivative calls become generated functions ----===//
//
// Lowers `reverse_call` and `tangent_call` with the AD engine, innermost
// first: a derivative is only generated for a callee whose own derivative
// calls are already lowered, so that forward mode can run over the code of
// an inner reverse sweep (second derivatives).
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/Passes.h"

#include "cotangent/AutoDiff/CallGraph.h"
#include "cotangent/AutoDiff/Engine.h"
#include "cotangent/Gradient/Transforms/CustomGradTriples.h"
#include "cotangent/Gradient/Transforms/ParameterVJPTriples.h"
#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace cotangent::gradient {
#define GEN_PASS_DEF_DIFFERENTIATE
#include "cotangent/Gradient/Transforms/Passes.h.inc"
} // namespace cotangent::gradient

using namespace mlir;
using namespace cotangent::gradient;
using cotangent::autodiff::Engine;

namespace {

bool isDerivativeCall(Operation *op) {
  return isa<ReverseCallOp, TangentCallOp>(op);
}

/// The shadow the op passes for argument `index`, or a zero buffer for an
/// argument that only the callee's analysis found active (scratch space).
template <typename OpTy>
Value shadowFor(OpTy op, unsigned index, OpBuilder &b) {
  for (auto [position, shadowed] : llvm::enumerate(op.getShadowed()))
    if (shadowed == index)
      return op.getShadows()[position];
  Value operand = op.getArgs()[index];
  auto type = cast<MemRefType>(operand.getType());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(memref::DimOp::create(b, op.getLoc(), operand, dim));
  return cotangent::zeroBufferLike(b, op.getLoc(), operand, sizes);
}

template <typename OpTy> SmallVector<unsigned> requestedArgs(OpTy op) {
  SmallVector<unsigned> active;
  for (int64_t index : op.getShadowed())
    active.push_back(index);
  for (int64_t index : op.getActiveScalars())
    active.push_back(index);
  llvm::sort(active);
  return active;
}

LogicalResult lowerReverse(ReverseCallOp op, Engine &engine) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, op.getCalleeAttr());
  if (engine.customGradient(callee.getName()))
    callee = engine.callingWrapper(callee);
  engine.callChain = {op};
  FailureOr<cotangent::autodiff::ReverseFunctions> functions =
      engine.reverse(callee, requestedArgs(op), op, /*outermost=*/true);
  if (failed(functions))
    return failure();
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto forward = func::CallOp::create(b, loc, functions->forward, op.getArgs());
  SmallVector<Value> operands;
  for (unsigned index : functions->rereadArgs)
    operands.push_back(op.getArgs()[index]);
  for (unsigned index : functions->activeArgs)
    if (isa<MemRefType>(op.getArgs()[index].getType()))
      operands.push_back(shadowFor(op, index, b));
  llvm::append_range(operands, op.getScalarSeeds());
  auto reverse = func::CallOp::create(b, loc, functions->reverse, operands);

  // Adjoints come back in argument order; the op lists them as requested.
  SmallVector<Value> results(forward.getResults());
  for (int64_t requested : op.getActiveScalars()) {
    unsigned position = 0;
    for (unsigned index : functions->activeArgs) {
      if (isa<MemRefType>(op.getArgs()[index].getType()))
        continue;
      if (index == requested)
        results.push_back(reverse.getResult(position));
      ++position;
    }
  }
  op.replaceAllUsesWith(results);
  op.erase();
  return success();
}

LogicalResult lowerTangent(TangentCallOp op, Engine &engine) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, op.getCalleeAttr());
  engine.callChain = {op};
  FailureOr<cotangent::autodiff::TangentFunction> function =
      engine.tangent(callee, requestedArgs(op), op);
  if (failed(function))
    return failure();
  OpBuilder b(op);
  SmallVector<Value> operands(op.getArgs());
  for (unsigned index : function->activeArgs) {
    if (isa<MemRefType>(op.getArgs()[index].getType())) {
      operands.push_back(shadowFor(op, index, b));
      continue;
    }
    auto scalars = op.getActiveScalars();
    auto it = llvm::find(scalars, static_cast<int64_t>(index));
    operands.push_back(op.getScalarSeeds()[it - scalars.begin()]);
  }
  auto call =
      func::CallOp::create(b, op.getLoc(), function->function, operands);
  op.replaceAllUsesWith(call.getResults());
  op.erase();
  return success();
}

/// Derivatives of functions without tensors are left alone by
/// bufferization; they become buffer-level ops here, without any buffers.
void convertScalarDerivatives(ModuleOp module) {
  module.walk([](Operation *op) {
    if (!isa<BackpropOp, ForwardOp>(op))
      return;
    OpBuilder b(op);
    SmallVector<int64_t> empty;
    auto diffArgs = op->getAttrOfType<DenseI64ArrayAttr>("diff_args");
    auto callee = op->getAttrOfType<FlatSymbolRefAttr>("callee");
    Operation *call;
    if (auto backprop = dyn_cast<BackpropOp>(op))
      call = ReverseCallOp::create(b, op->getLoc(), op->getResultTypes(),
                                   callee, backprop.getArgs(), ValueRange{},
                                   backprop.getCotangents(),
                                   b.getDenseI64ArrayAttr(empty), diffArgs);
    else
      call =
          TangentCallOp::create(b, op->getLoc(), op->getResultTypes(), callee,
                                cast<ForwardOp>(op).getArgs(), ValueRange{},
                                cast<ForwardOp>(op).getTangents(),
                                b.getDenseI64ArrayAttr(empty), diffArgs);
    op->replaceAllUsesWith(call->getResults());
    op->erase();
  });
}

/// Whether differentiating `callee` runs a derivative call: one that it, or
/// a function it calls, contains, or that the custom gradient of such a
/// function contains (the engine calls that instead).
bool reachesDerivativeCall(func::FuncOp callee, const Engine &engine) {
  auto customReaches = [&](StringRef function) {
    const cotangent::autodiff::CustomGradient *custom =
        engine.customGradient(function);
    return custom &&
           (cotangent::autodiff::reachesOp(custom->forward, isDerivativeCall) ||
            cotangent::autodiff::reachesOp(custom->reverse, isDerivativeCall));
  };
  return customReaches(callee.getName()) ||
         cotangent::autodiff::reachesOp(callee, [&](Operation *op) {
           if (isDerivativeCall(op))
             return true;
           auto call = dyn_cast<func::CallOp>(op);
           return call && customReaches(call.getCallee());
         });
}

struct Differentiate
    : cotangent::gradient::impl::DifferentiateBase<Differentiate> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    convertScalarDerivatives(module);
    FailureOr<cotangent::autodiff::CustomGradientTable> customGradients =
        lowerCustomGradOps(module);
    if (failed(customGradients))
      return signalPassFailure();
    lowerParameterVJPOps(module, *customGradients);
    Engine engine(module, std::move(*customGradients));
    while (true) {
      SmallVector<Operation *> pending, ready;
      module.walk([&](Operation *op) {
        if (isDerivativeCall(op))
          pending.push_back(op);
      });
      if (pending.empty())
        break;
      for (Operation *op : pending) {
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            op, op->getAttrOfType<FlatSymbolRefAttr>("callee"));
        if (!reachesDerivativeCall(callee, engine))
          ready.push_back(op);
      }
      if (ready.empty()) {
        pending.front()->emitError("cannot differentiate a function that takes "
                                   "its own derivative (recursively)");
        return signalPassFailure();
      }
      for (Operation *op : ready) {
        LogicalResult lowered =
            isa<ReverseCallOp>(op)
                ? lowerReverse(cast<ReverseCallOp>(op), engine)
                : lowerTangent(cast<TangentCallOp>(op), engine);
        if (failed(lowered))
          return signalPassFailure();
      }
    }
  }
};

} // namespace
