//===- CircuitAdjoint.cpp - a circuit's VJP by the adjoint method ---------===//
//
// @F.quantum.vjp(p, args, cotangents..., out) runs the circuit once with
// the runtime recording its gates, hands each measurement its cotangent
// instead of measuring, and lets the runtime's backward sweep write the
// cotangent of every gate parameter into `out`: one forward simulation and
// one backward sweep whatever the number of measurements.
//
//===----------------------------------------------------------------------===//
#include "../HybridSplit.h"

#include "cotangent/Quantum/IR/QuantumOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace cotangent::gradient;
namespace quantum = cotangent::quantum;

func::FuncOp cotangent::gradient::buildAdjointVJP(const Circuit &circuit,
                                                  FunctionType quantumType) {
  SmallVector<Operation *> measurements;
  func::FuncOp vjp = cloneReadingParams(circuit, ".quantum.vjp", measurements);
  Location loc = vjp.getLoc();
  SmallVector<Value> cotangents;
  for (Type type : quantumType.getResults()) {
    (void)vjp.insertArgument(vjp.getNumArguments(), type, {}, loc);
    cotangents.push_back(vjp.getArguments().back());
  }
  (void)vjp.insertArgument(vjp.getNumArguments(), quantumType.getInput(0), {},
                           loc);
  Value out = vjp.getArguments().back();

  OpBuilder b(vjp.getContext());
  b.setInsertionPointToStart(&vjp.front());
  quantum::AdjointBeginOp::create(b, loc);
  for (auto [m, cotangent] : llvm::zip(measurements, cotangents)) {
    b.setInsertionPoint(m);
    llvm::TypeSwitch<Operation *>(m)
        .Case([&](quantum::ExpvalOp op) {
          quantum::ExpvalCotangentOp::create(b, op.getLoc(), op.getObs(),
                                             cotangent);
        })
        .Case([&](quantum::VarOp op) {
          quantum::VarCotangentOp::create(b, op.getLoc(), op.getObs(),
                                          cotangent);
        })
        .Case([&](quantum::ProbsOp op) {
          quantum::ProbsCotangentOp::create(b, op.getLoc(), cotangent,
                                            op.getQubits());
        });
    // The measurement itself is not needed: only post-processing used it.
    m->getResult(0).replaceAllUsesWith(
        ub::PoisonOp::create(b, m->getLoc(), m->getResult(0).getType()));
  }
  b.setInsertionPoint(measurements.empty() ? vjp.front().getTerminator()
                                           : measurements.back());
  quantum::AdjointGradientOp::create(b, loc, out);
  for (Operation *m : measurements)
    m->erase();
  auto ret = cast<func::ReturnOp>(vjp.front().getTerminator());
  b.setInsertionPoint(ret);
  func::ReturnOp::create(b, ret.getLoc());
  ret.erase();
  vjp.setType(FunctionType::get(vjp.getContext(), vjp.getArgumentTypes(), {}));
  return vjp;
}
