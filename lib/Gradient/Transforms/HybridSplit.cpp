//===- HybridSplit.cpp - circuits split into classical and quantum parts --===//
//
// See HybridSplit.h for the functions a circuit function becomes. The split
// copies the circuit function several times and removes from each copy what
// it does not need: the classical copies lose every quantum operation
// (canonicalization then drops the loop values that carried qubits), the
// quantum copies read their gate parameters from the buffer.
//
//===----------------------------------------------------------------------===//
#include "HybridSplit.h"

#include "cotangent/AutoDiff/CallGraph.h"
#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Quantum/IR/QuantumOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cotangent::gradient;
namespace quantum = cotangent::quantum;

namespace {

bool isQuantumOp(Operation *op) {
  return isa<quantum::QuantumDialect>(op->getDialect());
}

bool isQuantumType(Type type) {
  return isa<quantum::QuantumDialect>(&type.getDialect());
}

MemRefType paramBufferType(MLIRContext *context) {
  return MemRefType::get({ShapedType::kDynamic}, Float64Type::get(context));
}

/// An error at `op` with a note at the op that asked for the derivative.
InFlightDiagnostic errorAt(Operation *op, Operation *derivative) {
  InFlightDiagnostic diagnostic = op->emitError();
  diagnostic.attachNote(derivative->getLoc())
      << "differentiated exactly by this '" << derivative->getName()
      << "' (method = \"fd\" gives finite differences instead)";
  return diagnostic;
}

/// Whether `value` may depend on an argument of `function` (conservatively:
/// a region's arguments depend on everything its parent op uses and
/// yields).
bool dependsOnArguments(Value value, func::FuncOp function) {
  SmallVector<Value> work{value};
  DenseSet<Value> seen;
  auto addUsesOf = [&](Operation *op) {
    llvm::append_range(work, op->getOperands());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (Operation *terminator = block.getTerminator())
          llvm::append_range(work, terminator->getOperands());
  };
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto argument = dyn_cast<BlockArgument>(v)) {
      Operation *parent = argument.getOwner()->getParentOp();
      if (parent == function)
        return true;
      addUsesOf(parent);
      continue;
    }
    addUsesOf(v.getDefiningOp());
  }
  return false;
}

/// Checks that `function` can be split and collects its measurements.
FailureOr<Circuit> checkCircuit(func::FuncOp function, Operation *derivative) {
  Circuit circuit{function, {}};
  for (Type type : llvm::concat<const Type>(function.getArgumentTypes(),
                                            function.getResultTypes()))
    if (isQuantumType(type))
      return errorAt(function, derivative)
             << "a circuit function differentiated exactly must not take or "
                "return quantum values (keep each circuit in one function)";
  if (!function.getBody().hasOneBlock())
    return errorAt(function, derivative)
           << "a circuit function differentiated exactly must use structured "
              "control flow (scf) in a single block";
  if (auto method = function->getAttrOfType<StringAttr>("diff_method");
      method && method != "adjoint" && method != "parameter-shift")
    return errorAt(function, derivative)
           << "unknown diff_method \"" << method.getValue()
           << "\" (expected \"adjoint\" or \"parameter-shift\")";

  Block &entry = function.front();
  SmallVector<Operation *> gates;
  WalkResult walk = function.walk([&](Operation *op) -> WalkResult {
    auto fail = [&]() -> WalkResult { return WalkResult::interrupt(); };
    if (isa<quantum::MeasureOp>(op)) {
      errorAt(op, derivative)
          << "'" << op->getName()
          << "' has no quantum gradient: a mid-circuit measurement cannot be "
             "differentiated exactly";
      return fail();
    }
    if (isa<quantum::StateOp>(op)) {
      errorAt(op, derivative) << "'" << op->getName()
                              << "' has no quantum gradient: complex "
                                 "amplitudes cannot be differentiated";
      return fail();
    }
    if (auto unitary = dyn_cast<quantum::UnitaryOp>(op)) {
      if (dependsOnArguments(unitary.getMatrix(), function)) {
        errorAt(op, derivative)
            << "'" << op->getName()
            << "' has no quantum gradient with respect to its matrix, which "
               "depends on the function's arguments";
        return fail();
      }
    }
    if (auto hamiltonian = dyn_cast<quantum::HamiltonianOp>(op)) {
      if (dependsOnArguments(hamiltonian.getCoeffs(), function)) {
        errorAt(op, derivative)
            << "'" << op->getName()
            << "' has no quantum gradient with respect to its coefficients, "
               "which depend on the function's arguments";
        return fail();
      }
    }
    if (isa<quantum::ExpvalOp, quantum::VarOp, quantum::ProbsOp>(op)) {
      if (op->getBlock() != &entry) {
        errorAt(op, derivative)
            << "'" << op->getName()
            << "' inside a loop or branch cannot be differentiated exactly: "
               "measure in the circuit function's body";
        return fail();
      }
      circuit.measurements.push_back(op);
    }
    if (isa<quantum::CustomOp, quantum::UnitaryOp>(op))
      gates.push_back(op);
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (callee && isCircuitFunction(callee)) {
        errorAt(op, derivative)
            << "calls @" << callee.getSymName()
            << ", which has quantum operations too: a circuit differentiated "
               "exactly keeps its quantum operations in one function";
        return fail();
      }
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!circuit.measurements.empty()) {
    Operation *first = circuit.measurements.front();
    for (Operation *gate : gates)
      if (!entry.findAncestorOpInBlock(*gate)->isBeforeInBlock(first))
        return errorAt(gate, derivative)
               << "a gate after a measurement cannot be differentiated "
                  "exactly: measure at the end of the circuit";
  }
  return circuit;
}

void canonicalize(func::FuncOp function) {
  MLIRContext *context = function.getContext();
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  (void)applyPatternsGreedily(function, std::move(patterns));
}

/// A private copy of the circuit function named <name> + `suffix`.
func::FuncOp cloneNamed(const Circuit &circuit, StringRef suffix,
                        IRMapping &mapper) {
  func::FuncOp clone = circuit.function.clone(mapper);
  clone.setSymName((circuit.function.getSymName() + suffix).str());
  clone.setPrivate();
  clone->removeAttr("diff_method");
  auto module = circuit.function->getParentOfType<ModuleOp>();
  SymbolTable(module).insert(clone,
                             std::next(Block::iterator(circuit.function)));
  return clone;
}

SmallVector<quantum::CustomOp> parametricGates(func::FuncOp function) {
  SmallVector<quantum::CustomOp> gates;
  function.walk([&](quantum::CustomOp gate) {
    if (!gate.getParams().empty())
      gates.push_back(gate);
  });
  return gates;
}

/// Replaces the function's return by one of `values`.
void returnValues(func::FuncOp function, ValueRange values) {
  auto ret = cast<func::ReturnOp>(function.front().getTerminator());
  OpBuilder b(ret);
  func::ReturnOp::create(b, ret.getLoc(), values);
  ret.erase();
  function.setType(FunctionType::get(function.getContext(),
                                     function.getArgumentTypes(),
                                     ValueRange(values).getTypes()));
}

const char *methodOf(const Circuit &circuit) {
  auto method = circuit.function->getAttrOfType<StringAttr>("diff_method");
  return method && method == "parameter-shift" ? "parameter-shift" : "adjoint";
}

LogicalResult splitCircuit(func::FuncOp function, Operation *derivative) {
  FailureOr<Circuit> checked = checkCircuit(function, derivative);
  if (failed(checked))
    return failure();
  const Circuit &circuit = *checked;
  MLIRContext *context = function.getContext();
  Location loc = function.getLoc();
  auto module = function->getParentOfType<ModuleOp>();

  // The quantum part and its gradient, copied before @F changes.
  SmallVector<Operation *> measurements;
  func::FuncOp quantumPart =
      cloneReadingParams(circuit, ".quantum", measurements);
  SmallVector<Value> measured;
  for (Operation *m : measurements)
    measured.push_back(m->getResult(0));
  returnValues(quantumPart, measured);
  quantumPart.setNoInline(true);
  canonicalize(quantumPart);
  FunctionType quantumType = quantumPart.getFunctionType();

  Type index = IndexType::get(context);
  func::FuncOp numParams = cloneClassicalPart(
      circuit, ".num_params", {}, {index},
      [](OpBuilder &b, quantum::CustomOp gate, Counter &counter) {
        counter.next(b, gate.getLoc(), gate.getParams().size());
      },
      [](OpBuilder &b, func::FuncOp, Counter &counter) {
        return SmallVector<Value>{counter.current(b, b.getUnknownLoc())};
      });
  if (!numParams)
    return failure();

  CircuitGradient gradient = StringRef(methodOf(circuit)) == "parameter-shift"
                                 ? buildParameterShiftVJP(circuit, quantumType)
                                 : buildAdjointVJP(circuit, quantumType);
  if (!gradient.vjp)
    return failure();
  OpBuilder top(module.getBodyRegion());
  top.setInsertionPointAfter(gradient.vjp);
  auto symbol = [](func::FuncOp f) {
    return f ? FlatSymbolRefAttr::get(f.getSymNameAttr()) : nullptr;
  };
  ParameterVJPOp::create(top, loc, symbol(quantumPart),
                         symbol(gradient.forward), symbol(gradient.vjp),
                         TypeAttr::get(quantumType));

  // @F becomes its classical part: the parameters into p, then the call.
  OpBuilder b(context);
  b.setInsertionPointToStart(&function.front());
  Counter counter(b, function);
  ValueRange args = function.getArguments();
  Value count = func::CallOp::create(b, loc, numParams, args).getResult(0);
  Value params =
      memref::AllocOp::create(b, loc, paramBufferType(context), count);
  for (quantum::CustomOp gate : parametricGates(function)) {
    b.setInsertionPoint(gate);
    for (Value param : gate.getParams())
      memref::StoreOp::create(b, gate.getLoc(), param, params,
                              counter.next(b, gate.getLoc()));
  }
  Operation *callSite = circuit.measurements.empty()
                            ? function.front().getTerminator()
                            : circuit.measurements.front();
  b.setInsertionPoint(callSite);
  SmallVector<Value> operands{params};
  llvm::append_range(operands, args);
  auto call = func::CallOp::create(b, loc, quantumPart, operands);
  for (auto [m, value] : llvm::zip(circuit.measurements, call.getResults()))
    m->getResult(0).replaceAllUsesWith(value);
  return eraseQuantumOperations(function);
}

/// Every function `callee` reaches, itself included.
SmallVector<func::FuncOp> reachedFunctions(func::FuncOp callee) {
  SmallVector<func::FuncOp> reached{callee};
  DenseSet<Operation *> seen{callee};
  for (size_t i = 0; i < reached.size(); ++i)
    reached[i].walk([&](func::CallOp call) {
      auto next = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (next && !next.isExternal() && seen.insert(next).second)
        reached.push_back(next);
    });
  return reached;
}

} // namespace

bool cotangent::gradient::isCircuitFunction(func::FuncOp function) {
  return function
      .walk([](Operation *op) {
        return isQuantumOp(op) ? WalkResult::interrupt()
                               : WalkResult::advance();
      })
      .wasInterrupted();
}

bool cotangent::gradient::reachesCircuit(func::FuncOp function) {
  return cotangent::autodiff::reachesOp(function, isQuantumOp);
}

LogicalResult cotangent::gradient::splitCircuitsReachedBy(
    func::FuncOp callee, Operation *derivative, DenseSet<Operation *> &split) {
  for (func::FuncOp function : reachedFunctions(callee)) {
    if (split.contains(function) || !isCircuitFunction(function))
      continue;
    if (failed(splitCircuit(function, derivative)))
      return failure();
    split.insert(function);
  }
  return success();
}

func::FuncOp cotangent::gradient::createQuantumVJP(const Circuit &circuit,
                                                   FunctionType quantumType,
                                                   TypeRange leading,
                                                   func::FuncOp after) {
  SmallVector<Type> inputs(leading);
  llvm::append_range(inputs, quantumType.getResults());
  inputs.push_back(quantumType.getInput(0));
  auto vjp = func::FuncOp::create(
      circuit.function.getLoc(),
      (circuit.function.getSymName() + ".quantum.vjp").str(),
      FunctionType::get(circuit.function.getContext(), inputs, {}));
  vjp.setPrivate();
  SymbolTable(circuit.function->getParentOfType<ModuleOp>())
      .insert(vjp, std::next(Block::iterator(after)));
  vjp.addEntryBlock();
  return vjp;
}

Counter::Counter(OpBuilder &b, func::FuncOp function) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&function.front());
  Location loc = function.getLoc();
  buffer =
      memref::AllocaOp::create(b, loc, MemRefType::get({}, b.getIndexType()));
  memref::StoreOp::create(b, loc, arith::ConstantIndexOp::create(b, loc, 0),
                          buffer);
}

Value Counter::current(OpBuilder &b, Location loc) {
  return memref::LoadOp::create(b, loc, buffer);
}

Value Counter::next(OpBuilder &b, Location loc, int64_t step) {
  Value value = current(b, loc);
  Value advanced = arith::AddIOp::create(
      b, loc, value, arith::ConstantIndexOp::create(b, loc, step));
  memref::StoreOp::create(b, loc, advanced, buffer);
  return value;
}

func::FuncOp cotangent::gradient::cloneReadingParams(
    const Circuit &circuit, StringRef suffix,
    SmallVectorImpl<Operation *> &measurements) {
  IRMapping mapper;
  func::FuncOp clone = cloneNamed(circuit, suffix, mapper);
  MLIRContext *context = clone.getContext();
  (void)clone.insertArgument(0, paramBufferType(context), {}, clone.getLoc());
  Value params = clone.getArgument(0);
  OpBuilder b(context);
  Counter counter(b, clone);
  for (quantum::CustomOp gate : parametricGates(clone)) {
    b.setInsertionPoint(gate);
    for (OpOperand &param : gate.getParamsMutable())
      param.set(memref::LoadOp::create(b, gate.getLoc(), params,
                                       counter.next(b, gate.getLoc())));
  }
  for (Operation *m : circuit.measurements)
    measurements.push_back(mapper.lookup(m));
  return clone;
}

func::FuncOp cotangent::gradient::cloneClassicalPart(
    const Circuit &circuit, StringRef suffix, TypeRange extraInputs,
    TypeRange resultTypes,
    function_ref<void(OpBuilder &, quantum::CustomOp, Counter &)> onGate,
    function_ref<SmallVector<Value>(OpBuilder &, func::FuncOp, Counter &)>
        finish) {
  IRMapping mapper;
  func::FuncOp clone = cloneNamed(circuit, suffix, mapper);
  for (Type type : extraInputs)
    (void)clone.insertArgument(clone.getNumArguments(), type, {},
                               clone.getLoc());
  OpBuilder b(clone.getContext());
  Counter counter(b, clone);
  for (quantum::CustomOp gate : parametricGates(clone)) {
    b.setInsertionPoint(gate);
    onGate(b, gate, counter);
  }
  b.setInsertionPoint(clone.front().getTerminator());
  SmallVector<Value> results = finish(b, clone, counter);
  returnValues(clone, results);
  assert(TypeRange(ValueRange(results)) == resultTypes);
  if (failed(eraseQuantumOperations(clone)))
    return nullptr;
  return clone;
}

LogicalResult
cotangent::gradient::eraseQuantumOperations(func::FuncOp function) {
  SmallVector<Operation *> ops;
  function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isQuantumOp(op))
      ops.push_back(op);
  });
  for (Operation *op : llvm::reverse(ops)) {
    OpBuilder b(op);
    for (OpResult result : op->getResults())
      if (!result.use_empty())
        result.replaceAllUsesWith(
            ub::PoisonOp::create(b, op->getLoc(), result.getType()));
    op->erase();
  }
  canonicalize(function);
  Operation *carrier = nullptr;
  function.walk([&](Operation *op) {
    auto quantumValue = [](Value v) { return isQuantumType(v.getType()); };
    bool carries = llvm::any_of(op->getResults(), quantumValue);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        carries |= llvm::any_of(block.getArguments(), quantumValue);
    if (carries && !carrier)
      carrier = op;
  });
  if (carrier)
    return carrier->emitError("cannot separate the classical computation of "
                              "gate parameters from the quantum operations: "
                              "this op still carries quantum values");
  return success();
}
