//===- FuseGates.cpp - Runs of gates on a few qubits as one matrix --------===//
//
// Each block is walked once in program order with a set of open runs, each
// run a list of gates on a set of qubits ("wires", followed through the SSA
// values the gates produce). Runs on different wires commute, so they can
// grow side by side; a run closes when a gate would take it beyond the wire
// limit, when anything else uses one of its wires, or when an op touches the
// quantum state in another way. After the walk, every closed run of two or
// more gates becomes one quantum.fused_gates in place of its last gate: its
// inputs and parameters are all defined before that gate, and nothing in
// between used its wires.
//
//===----------------------------------------------------------------------===//

#include "cotangent/Quantum/IR/QuantumOps.h"
#include "cotangent/Quantum/Transforms/Passes.h"
#include "cotangent/Runtime/GateKind.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>

namespace cotangent::quantum {
#define GEN_PASS_DEF_FUSEGATES
#include "cotangent/Quantum/Transforms/Passes.h.inc"
} // namespace cotangent::quantum

using namespace mlir;
using namespace cotangent::quantum;

namespace {

/// A run of gates and the wires it acts on.
struct Run {
  llvm::SmallVector<Value> inputs;  ///< Each wire's value before the run.
  llvm::SmallVector<Value> current; ///< Each wire's value after its gates.
  llvm::SmallVector<CustomOp> gates;
};

/// Whether `op` may read or change the quantum state other than as a gate or
/// through the qubits it uses: then no gate may move across it.
bool touchesQuantumState(Operation *op) {
  if (op->getNumRegions() != 0)
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return true; // unknown (calls among them)
  llvm::SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffectsOnResource(QuantumStateResource::get(), instances);
  return !instances.empty();
}

class BlockFuser {
public:
  BlockFuser(int maxWires, bool keepParameterOrder)
      : maxWires(maxWires), keepParameterOrder(keepParameterOrder) {}

  void visit(Operation *op) {
    if (auto gate = dyn_cast<CustomOp>(op);
        gate && static_cast<int>(gate.getInQubits().size()) <= maxWires)
      return addGate(gate);
    // Anything else that uses a run's wire ends that run.
    for (Value operand : op->getOperands())
      if (Run *run = runOf(operand))
        close(run);
    if (touchesQuantumState(op))
      closeAll();
  }

  /// Ends every run and rewrites the runs of two or more gates.
  void finish() {
    closeAll();
    for (const std::unique_ptr<Run> &run : closed)
      if (run->gates.size() > 1 && distinctWires(*run))
        fuse(*run);
  }

  /// Later runs that start from a fused run's wires start from its block.
  void replaceInputs(Value wire, Value result) {
    for (const std::unique_ptr<Run> &run : closed)
      llvm::replace(run->inputs, wire, result);
  }

private:
  Run *runOf(Value wire) {
    auto it = owner.find(wire);
    return it == owner.end() ? nullptr : it->second;
  }

  void close(Run *run) {
    for (Value wire : run->current)
      owner.erase(wire);
    auto it = llvm::find_if(
        open, [&](const std::unique_ptr<Run> &r) { return r.get() == run; });
    closed.push_back(std::move(*it));
    open.erase(it);
  }

  void closeAll() {
    while (!open.empty())
      close(open.front().get());
  }

  void addGate(CustomOp gate) {
    // A wire value that something else also uses cannot disappear into a
    // run: that run ends with it.
    for (Value qubit : gate.getInQubits())
      if (Run *run = runOf(qubit); run && !qubit.hasOneUse())
        close(run);
    if (keepParameterOrder && !gate.getParams().empty())
      closeOtherParametricRuns(gate);
    llvm::SmallVector<Run *> touching;
    int numWires = 0; // of the touching runs and the gate's own new qubits
    for (Value qubit : gate.getInQubits()) {
      Run *run = runOf(qubit);
      if (!run) {
        ++numWires;
      } else if (!llvm::is_contained(touching, run)) {
        touching.push_back(run);
        numWires += run->current.size();
      }
    }
    if (numWires > maxWires) {
      // Keep only the runs that lie within the gate's qubits.
      llvm::SmallVector<Run *> within;
      for (Run *run : touching)
        if (llvm::all_of(run->current, [&](Value wire) {
              return llvm::is_contained(gate.getInQubits(), wire);
            }))
          within.push_back(run);
        else
          close(run);
      touching = within;
    }
    Run *target = nullptr;
    if (touching.empty()) {
      open.push_back(std::make_unique<Run>());
      target = open.back().get();
    } else {
      target = touching.front();
      for (Run *other : llvm::drop_begin(touching))
        merge(*target, other);
    }
    for (auto [in, out] : llvm::zip(gate.getInQubits(), gate.getOutQubits())) {
      auto *slot = llvm::find(target->current, in);
      if (slot == target->current.end()) {
        target->inputs.push_back(in);
        target->current.push_back(out);
      } else {
        owner.erase(in);
        *slot = out;
      }
      owner[out] = target;
    }
    target->gates.push_back(gate);
  }

  /// Moves `other`'s wires and gates into `into` (runs on disjoint wires
  /// commute, so the gates may simply follow each other).
  void merge(Run &into, Run *other) {
    into.inputs.append(other->inputs);
    into.current.append(other->current);
    into.gates.append(other->gates);
    for (Value wire : other->current)
      owner[wire] = &into;
    llvm::erase_if(
        open, [&](const std::unique_ptr<Run> &r) { return r.get() == other; });
  }

  /// Whether no two wires are statically the same qubit (the block's
  /// verifier would refuse them; gate by gate they are legal).
  static bool distinctWires(const Run &run) {
    for (size_t i = 0; i < run.inputs.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (qubitIdentity(run.inputs[i]) == qubitIdentity(run.inputs[j]))
          return false;
    return true;
  }

  void fuse(Run &run) {
    // The gates in the order they act: by position in the block.
    llvm::sort(run.gates,
               [](CustomOp a, CustomOp b) { return a->isBeforeInBlock(b); });
    CustomOp last = run.gates.back();
    llvm::SmallVector<int64_t> descriptor;
    llvm::SmallVector<Value> params;
    // Where each of the run's values sits in the block's qubit list.
    llvm::DenseMap<Value, int64_t> slotOf;
    for (auto [slot, wire] : llvm::enumerate(run.inputs))
      slotOf[wire] = static_cast<int64_t>(slot);
    for (CustomOp gate : run.gates) {
      descriptor.push_back(static_cast<int64_t>(
          *cotangent::runtime::gateByName(gate.getGateName().str())));
      descriptor.push_back(gate.getAdjoint() ? 1 : 0);
      descriptor.push_back(static_cast<int64_t>(gate.getInQubits().size()));
      for (auto [in, out] :
           llvm::zip(gate.getInQubits(), gate.getOutQubits())) {
        const int64_t slot = slotOf.lookup(in);
        descriptor.push_back(slot);
        slotOf[out] = slot;
      }
      params.append(gate.getParams().begin(), gate.getParams().end());
    }
    llvm::SmallVector<Attribute> locations;
    for (CustomOp gate : run.gates)
      locations.push_back(gate.getLoc());
    OpBuilder builder(last);
    auto block = FusedGatesOp::create(
        builder, last.getLoc(), TypeRange(ValueRange(run.inputs)),
        builder.getDenseI64ArrayAttr(descriptor),
        builder.getArrayAttr(locations), params, run.inputs);
    for (auto [wire, result] : llvm::zip(run.current, block.getOutQubits())) {
      wire.replaceAllUsesWith(result);
      replaceInputs(wire, result);
    }
    for (CustomOp gate : llvm::reverse(run.gates))
      gate.erase();
  }

  /// While the adjoint method records, it numbers the gate parameters in
  /// the order the gates run, so gates with parameters must keep their
  /// order. Blocks run in the order of their last gates; with at most one
  /// open run holding gates with parameters, every such gate of an earlier
  /// block comes before those of a later one.
  void closeOtherParametricRuns(CustomOp gate) {
    llvm::SmallVector<Run *> others;
    for (const std::unique_ptr<Run> &run : open)
      if (hasParameters(*run) &&
          llvm::none_of(gate.getInQubits(),
                        [&](Value qubit) { return runOf(qubit) == run.get(); }))
        others.push_back(run.get());
    for (Run *run : others)
      close(run);
  }

  static bool hasParameters(const Run &run) {
    return llvm::any_of(run.gates,
                        [](CustomOp g) { return !g.getParams().empty(); });
  }

  int maxWires;
  bool keepParameterOrder;
  llvm::SmallVector<std::unique_ptr<Run>> open, closed;
  llvm::DenseMap<Value, Run *> owner; ///< Current wire value -> its run.
};

struct FuseGatesPass : cotangent::quantum::impl::FuseGatesBase<FuseGatesPass> {
  using FuseGatesBase::FuseGatesBase;

  void runOnOperation() final {
    if (maxWires < 1 || maxWires > 5) {
      getOperation().emitError("fuse-gates: max-wires must be 1 to 5, not ")
          << static_cast<int>(maxWires);
      return signalPassFailure();
    }
    // The functions the adjoint method records (quantum.adjoint_begin).
    llvm::DenseSet<Operation *> recorded;
    getOperation().walk([&](AdjointBeginOp begin) {
      recorded.insert(begin->getParentOfType<FunctionOpInterface>());
    });
    llvm::SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks) {
      Operation *parent = block->getParentOp();
      Operation *function =
          isa<FunctionOpInterface>(parent)
              ? parent
              : parent->getParentOfType<FunctionOpInterface>();
      BlockFuser fuser(maxWires, recorded.contains(function));
      for (Operation &op : *block)
        fuser.visit(&op);
      fuser.finish();
    }
  }
};

} // namespace
