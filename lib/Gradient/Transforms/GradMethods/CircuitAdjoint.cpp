//===- CircuitAdjoint.cpp - a circuit's VJP by the adjoint method ---------===//
//
// Two functions:
//   @F.quantum.taped(p, args) -> (measurements..., stash)
//       the circuit, run once in the forward sweep with the runtime
//       recording its gates and measurements; after the last measurement
//       the runtime keeps the recording and the final state (stash);
//   @F.quantum.vjp(stash, cotangents..., out)
//       packs the measurements' cotangents in order and lets the runtime's
//       backward sweep from the kept state write the cotangent of every gate
//       parameter into `out`.
// So a gradient costs one forward simulation and one backward sweep, whatever
// the number of measurements.
//
//===----------------------------------------------------------------------===//
#include "../HybridSplit.h"
#include "TensorBuilder.h"

#include "cotangent/Quantum/IR/QuantumOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace cotangent::gradient;
namespace quantum = cotangent::quantum;

namespace {

func::FuncOp buildTaped(const Circuit &circuit) {
  SmallVector<Operation *> measurements;
  func::FuncOp taped =
      cloneReadingParams(circuit, ".quantum.taped", measurements);
  Location loc = taped.getLoc();
  OpBuilder b = OpBuilder::atBlockBegin(&taped.front());
  quantum::AdjointBeginOp::create(b, loc);
  if (measurements.empty())
    b.setInsertionPoint(taped.front().getTerminator());
  else
    b.setInsertionPointAfter(measurements.back());
  Value stash = quantum::AdjointStashOp::create(b, loc, b.getI64Type());
  SmallVector<Value> results;
  for (Operation *m : measurements)
    results.push_back(m->getResult(0));
  results.push_back(stash);
  auto ret = cast<func::ReturnOp>(taped.front().getTerminator());
  b.setInsertionPoint(ret);
  func::ReturnOp::create(b, ret.getLoc(), results);
  ret.erase();
  taped.setType(FunctionType::get(taped.getContext(), taped.getArgumentTypes(),
                                  ValueRange(results).getTypes()));
  return taped;
}

func::FuncOp buildVJP(const Circuit &circuit, FunctionType quantumType,
                      func::FuncOp after) {
  Location loc = circuit.function.getLoc();
  func::FuncOp vjp = createQuantumVJP(
      circuit, quantumType, IntegerType::get(circuit.function.getContext(), 64),
      after);
  Block *entry = &vjp.front();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  TensorBuilder t(b, loc);
  ValueRange cotangents =
      entry->getArguments().slice(1, quantumType.getNumResults());
  int64_t numWeights = 0;
  for (Type type : quantumType.getResults())
    numWeights += numElements(type);
  Value weights = memref::AllocOp::create(
      b, loc, MemRefType::get({numWeights}, b.getF64Type()));
  int64_t offset = 0;
  for (Value cotangent : cotangents) {
    int64_t size = numElements(cotangent.getType());
    if (isa<TensorType>(cotangent.getType())) {
      auto loop =
          scf::ForOp::create(b, loc, t.index(0), t.index(size), t.index(1));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value k = loop.getInductionVar();
      Value element = tensor::ExtractOp::create(b, loc, cotangent, k);
      Value at = arith::AddIOp::create(b, loc, k, t.index(offset));
      memref::StoreOp::create(b, loc, element, weights, at);
    } else {
      memref::StoreOp::create(b, loc, cotangent, weights, t.index(offset));
    }
    offset += size;
  }
  quantum::AdjointResumeOp::create(b, loc, entry->getArgument(0), weights,
                                   entry->getArguments().back());
  func::ReturnOp::create(b, loc);
  return vjp;
}

} // namespace

CircuitGradient cotangent::gradient::buildAdjointVJP(const Circuit &circuit,
                                                     FunctionType quantumType) {
  func::FuncOp taped = buildTaped(circuit);
  return {taped, buildVJP(circuit, quantumType, taped)};
}
