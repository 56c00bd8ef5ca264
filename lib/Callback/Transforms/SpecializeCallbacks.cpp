//===- SpecializeCallbacks.cpp - every callback a function of its own -----===//
//
// For `callback.declare @cb : (A...) -> (R...)`, the id-th declaration:
//
//   func.func private @cb(A...) -> (R...)           // primal
//       callback.invoke primal "cb" id(id) (...)
//   func.func private @cb.host_forward(A...) -> (R..., i64)
//       callback.invoke forward ...                 // results, residuals
//   func.func private @cb.host_reverse(i64, R...) -> (A...)
//       callback.invoke reverse ...                 // cotangents
//   func.func private @cb.host_jvp(A..., A...) -> (R..., R...)
//       callback.invoke tangent ...                 // values, tangents
//   gradient.custom_grad @cb fwd(@cb.host_forward) rev(@cb.host_reverse)
//                            jvp(@cb.host_jvp)
//
// all but the first only for a callback bound to a host gradient, and
// host_jvp only when that gradient has a JVP. From here on
// a callback is an ordinary function with a custom gradient, and the AD
// engine needs nothing else to differentiate through it.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Callback/Transforms/Passes.h"

#include "cotangent/Callback/IR/CallbackOps.h"
#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace cotangent::callback {
#define GEN_PASS_DEF_SPECIALIZECALLBACKS
#include "cotangent/Callback/Transforms/Passes.h.inc"
} // namespace cotangent::callback

using namespace mlir;
using namespace cotangent::callback;

namespace {

/// A private function `name` of `type` (renamed if the program has that
/// name already), placed at `b`'s insertion point, whose body returns the
/// results of one invoke of callback `callback` (id `id`) on its arguments.
func::FuncOp createInvokingFunction(OpBuilder &b, SymbolTable &symbols,
                                    Location loc, const std::string &name,
                                    FunctionType type, Invocation invocation,
                                    StringRef callback, int64_t id) {
  auto function = func::FuncOp::create(loc, name, type);
  symbols.insert(function, b.getInsertionPoint());
  b.setInsertionPointAfter(function);
  function.setPrivate();
  // The function boundary gives invoke contiguous buffers; inlined, it
  // could see strided views.
  function.setNoInline(true);
  OpBuilder::InsertionGuard guard(b);
  Block *entry = function.addEntryBlock();
  b.setInsertionPointToStart(entry);
  auto invoke = InvokeOp::create(b, loc, type.getResults(), invocation,
                                 callback, id, entry->getArguments(), 0);
  func::ReturnOp::create(b, loc, invoke.getResults());
  return function;
}

void specialize(OpBuilder &b, SymbolTable &symbols, DeclareOp declaration,
                int64_t id) {
  std::string name = declaration.getSymName().str();
  FunctionType type = declaration.getFunctionType();
  Location loc = declaration.getLoc();
  MLIRContext *context = b.getContext();
  bool hostGradient = declaration.getHostGradient() && type.getNumResults() > 0;
  bool hostJvp = hostGradient && declaration.getHostJvp();
  // The function takes the declaration's name, and its place.
  b.setInsertionPointAfter(declaration);
  symbols.erase(declaration);
  func::FuncOp primal = createInvokingFunction(b, symbols, loc, name, type,
                                               Invocation::primal, name, id);
  if (!hostGradient)
    return;

  SmallVector<Type> forwardResults(type.getResults());
  forwardResults.push_back(b.getI64Type()); // the residuals' handle
  SmallVector<Type> reverseInputs{b.getI64Type()};
  llvm::append_range(reverseInputs, type.getResults());
  func::FuncOp forward = createInvokingFunction(
      b, symbols, loc, name + ".host_forward",
      FunctionType::get(context, type.getInputs(), forwardResults),
      Invocation::forward, name, id);
  func::FuncOp reverse = createInvokingFunction(
      b, symbols, loc, name + ".host_reverse",
      FunctionType::get(context, reverseInputs, type.getInputs()),
      Invocation::reverse, name, id);
  FlatSymbolRefAttr tangent;
  if (hostJvp) {
    SmallVector<Type> tangentInputs(type.getInputs()),
        tangentResults(type.getResults());
    llvm::append_range(tangentInputs, type.getInputs());
    llvm::append_range(tangentResults, type.getResults());
    func::FuncOp jvp = createInvokingFunction(
        b, symbols, loc, name + ".host_jvp",
        FunctionType::get(context, tangentInputs, tangentResults),
        Invocation::tangent, name, id);
    tangent = FlatSymbolRefAttr::get(jvp);
  }
  cotangent::gradient::CustomGradOp::create(
      b, loc, FlatSymbolRefAttr::get(primal), FlatSymbolRefAttr::get(forward),
      FlatSymbolRefAttr::get(reverse), tangent, ArrayAttr());
}

struct SpecializeCallbacks
    : cotangent::callback::impl::SpecializeCallbacksBase<SpecializeCallbacks> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<CallOp> calls;
    module.walk([&](CallOp call) { calls.push_back(call); });
    for (CallOp call : calls) {
      OpBuilder b(call);
      auto replacement =
          func::CallOp::create(b, call.getLoc(), call.getCalleeAttr(),
                               call.getResultTypes(), call.getArgs());
      call.replaceAllUsesWith(replacement.getResults());
      call.erase();
    }
    OpBuilder b(module.getContext());
    SymbolTable symbols(module);
    SmallVector<DeclareOp> declarations(module.getOps<DeclareOp>());
    for (auto [id, declaration] : llvm::enumerate(declarations))
      specialize(b, symbols, declaration, id);
  }
};

} // namespace
