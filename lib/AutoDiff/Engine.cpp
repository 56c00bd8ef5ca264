//===- Engine.cpp - generated derivative functions, once per pattern ------===//
#include "cotangent/AutoDiff/Engine.h"

#include "Activity.h"
#include "ForwardSweep.h"
#include "ReverseSweep.h"
#include "TangentSweep.h"
#include "TapePlan.h"

#include "cotangent/AutoDiff/CallGraph.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace cotangent::autodiff;

namespace {
std::string patternSuffix(ArrayRef<unsigned> activeArgs) {
  std::string suffix;
  llvm::raw_string_ostream os(suffix);
  for (unsigned index : activeArgs)
    os << '_' << index;
  return suffix;
}
} // namespace

Engine::Engine(ModuleOp module, CustomGradientTable customGradients)
    : module(module), customGradients(std::move(customGradients)) {}

const CustomGradient *Engine::customGradient(StringRef function) const {
  auto it = customGradients.find(function);
  return it == customGradients.end() ? nullptr : &it->second;
}

bool Engine::usesTape(func::FuncOp function) {
  auto [it, inserted] = tapeUsers.try_emplace(function, false);
  if (inserted)
    it->second = reachesOp(function, [](Operation *op) {
      return isa<cotangent::gradient::TapePushOp,
                 cotangent::gradient::TapePopOp>(op);
    });
  return it->second;
}

func::FuncOp Engine::callingWrapper(func::FuncOp function) {
  std::string name = (function.getName() + ".call").str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  func::FuncOp wrapper = createDerivedFunction(module, function, ".call",
                                               function.getFunctionType());
  Block *entry = wrapper.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  auto call = func::CallOp::create(b, function.getLoc(), function,
                                   entry->getArguments());
  func::ReturnOp::create(b, function.getLoc(), call.getResults());
  return wrapper;
}

InFlightDiagnostic Engine::emitError(Operation *op) {
  InFlightDiagnostic diagnostic = op->emitError();
  for (Operation *site : llvm::reverse(callChain)) {
    if (auto call = dyn_cast<func::CallOp>(site))
      diagnostic.attachNote(site->getLoc())
          << "reached through the call of @" << call.getCallee() << " here";
    else
      diagnostic.attachNote(site->getLoc())
          << "while differentiating for the derivative requested here";
  }
  return diagnostic;
}

FailureOr<TangentFunction> Engine::tangent(func::FuncOp function,
                                           ArrayRef<unsigned> activeArgs,
                                           Operation *requester) {
  Activity activity(*this, function, activeArgs);
  SmallVector<unsigned> active = activity.activeArguments();
  auto key = std::make_pair(function.getName().str(), active);
  if (auto it = tangents.find(key); it != tangents.end())
    return it->second;
  if (function.isExternal())
    return emitError(requester) << "cannot differentiate @"
                                << function.getName() << ": it has no body";

  SmallVector<Type> inputs(function.getArgumentTypes());
  for (unsigned index : active)
    inputs.push_back(function.getArgumentTypes()[index]);
  SmallVector<Type> results(function.getResultTypes());
  for (Type type : function.getResultTypes())
    if (isa<FloatType>(type))
      results.push_back(type);
  func::FuncOp target = createDerivedFunction(
      module, function, ".tangent" + patternSuffix(active),
      FunctionType::get(function.getContext(), inputs, results));
  tangents[key] = {target, active};
  if (const CustomGradient *custom = customGradient(function.getName());
      custom && custom->tangent) {
    emitCustomTangentCall(function, custom->tangent, active, target);
    return tangents[key];
  }
  if (failed(TangentSweep(*this, activity).emit(function, active, target)))
    return failure();
  return tangents[key];
}

void Engine::emitCustomTangentCall(func::FuncOp function, func::FuncOp custom,
                                   ArrayRef<unsigned> active,
                                   func::FuncOp target) {
  OpBuilder b(function.getContext());
  Block *entry = target.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Location loc = function.getLoc();
  unsigned numArgs = function.getNumArguments();
  SmallVector<Value> operands(entry->getArguments().take_front(numArgs));
  for (auto [index, type] : llvm::enumerate(function.getArgumentTypes())) {
    if (!tangentCarrying(type))
      continue;
    const auto *given = llvm::find(active, index);
    if (given != active.end()) {
      operands.push_back(
          entry->getArgument(numArgs + (given - active.begin())));
      continue;
    }
    operands.push_back(
        isa<MemRefType>(type)
            ? zeroBufferLike(b, loc, entry->getArgument(index), ValueRange{})
            : zeroOf(b, loc, type));
  }
  auto call = func::CallOp::create(b, loc, custom, operands);
  func::ReturnOp::create(b, loc, call.getResults());
}

FailureOr<ReverseFunctions> Engine::reverse(func::FuncOp function,
                                            ArrayRef<unsigned> activeArgs,
                                            Operation *requester,
                                            bool outermost) {
  Activity activity(*this, function, activeArgs);
  SmallVector<unsigned> active = activity.activeArguments();
  SmallVector<unsigned> reread;
  if (outermost && !function.isExternal())
    reread = readOnlyBufferArguments(function);
  // The outermost sweeps get their own copy: their buffers are known apart.
  std::string suffix = patternSuffix(active) + (outermost ? "_outermost" : "");
  auto key = std::make_pair(function.getName().str() + suffix, active);
  if (auto it = reverses.find(key); it != reverses.end())
    return it->second;
  if (function.isExternal())
    return emitError(requester) << "cannot differentiate @"
                                << function.getName() << ": it has no body";

  SmallVector<Type> shadows, adjoints;
  for (unsigned index : reread)
    shadows.push_back(
        function.getArgumentTypes()[index]); // primal buffers first
  for (unsigned index : active) {
    Type type = function.getArgumentTypes()[index];
    (isa<MemRefType>(type) ? shadows : adjoints).push_back(type);
  }
  for (Type type : function.getResultTypes())
    if (isa<FloatType>(type))
      shadows.push_back(type); // result cotangents follow the shadows
  func::FuncOp forward = createDerivedFunction(
      module, function, ".fwd" + suffix, function.getFunctionType());
  func::FuncOp reverseFn = createDerivedFunction(
      module, function, ".rev" + suffix,
      FunctionType::get(function.getContext(), shadows, adjoints));
  if (outermost) {
    // The derivative request passes distinct buffers (fresh copies, fresh
    // shadows): telling LLVM lets it vectorise the sweeps' loops.
    for (func::FuncOp sweep : {forward, reverseFn})
      for (unsigned i = 0; i < sweep.getNumArguments(); ++i)
        if (isa<MemRefType>(sweep.getArgumentTypes()[i]))
          sweep.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                           UnitAttr::get(function.getContext()));
  }
  reverses[key] = {forward, reverseFn, active, reread};
  SmallVector<Value> rereadBuffers;
  for (unsigned index : reread)
    rereadBuffers.push_back(function.getArgument(index));
  TapePlan plan(*this, activity, function, rereadBuffers);
  if (failed(plan.plan(function.front())) ||
      failed(ForwardSweep(*this, activity, plan).emit(function, forward)) ||
      failed(ReverseSweep(*this, activity, plan)
                 .emit(function, active, reread, reverseFn)))
    return failure();
  return reverses[key];
}

FailureOr<TangentFunction>
Engine::tangentOfCall(func::CallOp call, ArrayRef<unsigned> activeArgs) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  callChain.push_back(call);
  FailureOr<TangentFunction> result = tangent(callee, activeArgs, call);
  callChain.pop_back();
  return result;
}

FailureOr<ReverseFunctions>
Engine::reverseOfCall(func::CallOp call, ArrayRef<unsigned> activeArgs) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  callChain.push_back(call);
  FailureOr<ReverseFunctions> result = reverse(callee, activeArgs, call);
  callChain.pop_back();
  return result;
}
