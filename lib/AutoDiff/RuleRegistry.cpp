//===- RuleRegistry.cpp - the derivative rules the engine is given --------===//
#include "RuleRegistry.h"

#include "Activity.h"

#include "cotangent/AutoDiff/Engine.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace cotangent::autodiff;

namespace {
struct Registry {
  llvm::StringMap<const ScalarRule *> scalar;
  llvm::StringMap<const OpRule *> ops;
  llvm::StringSet<> views, allocations;
  llvm::SmallVector<bool (*)(Operation *)> constantBuffers;
  void (*saveBuffer)(OpBuilder &, Location, Value) = nullptr;
  Value (*restoreBuffer)(OpBuilder &, Location, MemRefType) = nullptr;
};

const Registry &registry() {
  static const Registry table = [] {
    Registry r;
    for (const DialectRules &dialect :
         {arithRules(), mathRules(), scfRules(), memrefRules(), funcRules(),
          gradientRules(), callbackRules()}) {
      for (const ScalarRule &rule : dialect.scalar)
        r.scalar[rule.opName] = &rule;
      for (const OpRule &rule : dialect.ops)
        r.ops[rule.opName] = &rule;
      for (StringRef name : dialect.views)
        r.views.insert(name);
      for (StringRef name : dialect.allocations)
        r.allocations.insert(name);
      if (dialect.isConstantBuffer)
        r.constantBuffers.push_back(dialect.isConstantBuffer);
      if (dialect.saveBuffer) {
        r.saveBuffer = dialect.saveBuffer;
        r.restoreBuffer = dialect.restoreBuffer;
      }
    }
    return r;
  }();
  return table;
}
} // namespace

const ScalarRule *cotangent::autodiff::lookupScalarRule(Operation *op) {
  return registry().scalar.lookup(op->getName().getStringRef());
}

const OpRule *cotangent::autodiff::lookupOpRule(Operation *op) {
  const OpRule *rule = registry().ops.lookup(op->getName().getStringRef());
  return rule && (!rule->applies || rule->applies(op)) ? rule : nullptr;
}

bool cotangent::autodiff::isViewOp(Operation *op) {
  return registry().views.contains(op->getName().getStringRef());
}

bool cotangent::autodiff::isAllocationOp(Operation *op) {
  return registry().allocations.contains(op->getName().getStringRef());
}

bool cotangent::autodiff::isConstantBuffer(Operation *def) {
  return llvm::any_of(registry().constantBuffers,
                      [&](auto isConstant) { return isConstant(def); });
}

bool cotangent::autodiff::canSaveBuffers() {
  return registry().saveBuffer != nullptr;
}

void cotangent::autodiff::saveBuffer(OpBuilder &b, Location loc, Value buffer) {
  registry().saveBuffer(b, loc, buffer);
}

Value cotangent::autodiff::restoreBuffer(OpBuilder &b, Location loc,
                                         MemRefType type) {
  return registry().restoreBuffer(b, loc, type);
}

FailureOr<const ScalarRule *>
cotangent::autodiff::scalarRuleToApply(Engine &engine, const Activity &activity,
                                       Operation *op) {
  if (op->getNumRegions() > 0) {
    if (llvm::any_of(op->getOperands(),
                     [&](Value v) { return activity.isActive(v); }))
      return engine.emitError(op) << "cannot differentiate '" << op->getName()
                                  << "': it has regions and no derivative rule";
    return static_cast<const ScalarRule *>(nullptr);
  }
  if (activity.losesDerivative(op))
    return engine.emitError(op)
           << "cannot differentiate through '" << op->getName()
           << "': its results cannot carry derivatives";
  if (!llvm::any_of(op->getResults(), [&](Value result) {
        return isa<FloatType>(result.getType()) && activity.isActive(result);
      }))
    return static_cast<const ScalarRule *>(nullptr);
  const ScalarRule *rule = lookupScalarRule(op);
  if (!rule || op->getNumResults() != 1)
    return engine.emitError(op) << "cannot differentiate '" << op->getName()
                                << "': it has no derivative rule";
  return rule;
}
