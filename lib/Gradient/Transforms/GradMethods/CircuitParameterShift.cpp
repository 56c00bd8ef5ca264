//===- CircuitParameterShift.cpp - a circuit's VJP by parameter shifts ----===//
//
// @F.quantum.vjp(p, args, cotangents..., out) evaluates shifted circuits in
// compiled code: for each gate parameter p_j, with the shift rule of its
// gate (GateGradients.h: two terms for the Pauli rotations and the phase
// and Ising gates, four for the controlled rotations and the excitations),
//   out_j = sum over the rule's terms of c * <cotangents, m(p + s e_j)>.
// The measurements m of a shifted circuit are its expvals and probs as
// they are, and for a variance its second moment <O^2> = var + <O>^2:
// d var = d<O^2> - 2 <O> d<O>, with <O> from the unshifted circuit.
//
// Three helper copies of the circuit: @F.quantum.moments (the measurements,
// with <O> beside each variance), @F.shift_rules (each parameter's rule,
// from the classical part) and the VJP function itself.
//
//===----------------------------------------------------------------------===//
#include "../HybridSplit.h"
#include "TensorBuilder.h"

#include "cotangent/Quantum/IR/QuantumOps.h"
#include "cotangent/Runtime/GateKind.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace cotangent::gradient;
namespace quantum = cotangent::quantum;
using cotangent::runtime::ShiftRule;

namespace {

/// @F.quantum.moments(p, args): each measurement's value, and after a
/// variance the expectation value of the same observable.
func::FuncOp buildMoments(const Circuit &circuit) {
  SmallVector<Operation *> measurements;
  func::FuncOp moments =
      cloneReadingParams(circuit, ".quantum.moments", measurements);
  OpBuilder b(moments.getContext());
  SmallVector<Value> values;
  for (Operation *m : measurements) {
    values.push_back(m->getResult(0));
    if (auto var = dyn_cast<quantum::VarOp>(m)) {
      b.setInsertionPointAfter(var);
      values.push_back(quantum::ExpvalOp::create(b, var.getLoc(),
                                                 b.getF64Type(), var.getObs()));
    }
  }
  auto ret = cast<func::ReturnOp>(moments.front().getTerminator());
  b.setInsertionPoint(ret);
  func::ReturnOp::create(b, ret.getLoc(), values);
  ret.erase();
  moments.setType(FunctionType::get(moments.getContext(),
                                    moments.getArgumentTypes(),
                                    ValueRange(values).getTypes()));
  return moments;
}

/// @F.shift_rules(args, rules): the ShiftRule of each parameter's gate.
func::FuncOp buildShiftRules(const Circuit &circuit) {
  Type rulesType =
      MemRefType::get({ShapedType::kDynamic},
                      IntegerType::get(circuit.function.getContext(), 64));
  return cloneClassicalPart(
      circuit, ".shift_rules", {rulesType}, {},
      [](OpBuilder &b, quantum::CustomOp gate, Counter &counter) {
        auto function = gate->getParentOfType<func::FuncOp>();
        Value rules = function.getArguments().back();
        ShiftRule rule =
            cotangent::runtime::gateInfo(
                *cotangent::runtime::gateByName(gate.getGateName().str()))
                .shiftRule;
        Location loc = gate.getLoc();
        Value code = arith::ConstantIntOp::create(
            b, loc, static_cast<int64_t>(rule), 64);
        for (size_t k = 0; k < gate.getParams().size(); ++k)
          memref::StoreOp::create(b, loc, code, rules, counter.next(b, loc));
      },
      [](OpBuilder &, func::FuncOp, Counter &) {
        return SmallVector<Value>{};
      });
}

/// <cotangents, measurements of a shifted circuit>, the second moment
/// standing in for each variance.
Value weighted(TensorBuilder &t, const Circuit &circuit, ValueRange shifted,
               ValueRange unshifted, ValueRange cotangents) {
  OpBuilder &b = t.b;
  Location loc = t.loc;
  Value sum;
  size_t next = 0;
  for (auto [m, cotangent] : llvm::zip(circuit.measurements, cotangents)) {
    Value term;
    if (isa<quantum::VarOp>(m)) {
      // var + <O>^2 - 2 <O>_0 <O>
      Value var = shifted[next], mean = shifted[next + 1];
      Value mean0 = unshifted[next + 1];
      Value square = arith::AddFOp::create(
          b, loc, var, arith::MulFOp::create(b, loc, mean, mean));
      Value two =
          arith::ConstantFloatOp::create(b, loc, b.getF64Type(), APFloat(2.0));
      Value linear = arith::MulFOp::create(
          b, loc, two, arith::MulFOp::create(b, loc, mean0, mean));
      term = arith::MulFOp::create(
          b, loc, cotangent, arith::SubFOp::create(b, loc, square, linear));
      next += 2;
    } else {
      term = t.dot(cotangent, shifted[next++]);
    }
    sum = sum ? arith::AddFOp::create(b, loc, sum, term).getResult() : term;
  }
  return sum ? sum : t.splat(b.getF64Type(), 0.0);
}

} // namespace

CircuitGradient
cotangent::gradient::buildParameterShiftVJP(const Circuit &circuit,
                                            FunctionType quantumType) {
  func::FuncOp moments = buildMoments(circuit);
  func::FuncOp rules = buildShiftRules(circuit);
  if (!rules)
    return {};
  Location loc = circuit.function.getLoc();
  func::FuncOp vjp =
      createQuantumVJP(circuit, quantumType, quantumType.getInputs(), moments);
  Block *entry = &vjp.front();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  TensorBuilder t(b, loc);
  unsigned numInputs = quantumType.getNumInputs();
  Value params = entry->getArgument(0);
  ValueRange args = entry->getArguments().slice(1, numInputs - 1);
  ValueRange cotangents =
      entry->getArguments().slice(numInputs, quantumType.getNumResults());
  Value out = entry->getArguments().back();

  Value count = memref::DimOp::create(b, loc, params, 0);
  Value ruleOf = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()), count);
  SmallVector<Value> ruleOperands(args);
  ruleOperands.push_back(ruleOf);
  func::CallOp::create(b, loc, rules, ruleOperands);
  auto evaluate = [&](Value at) {
    SmallVector<Value> operands{at};
    llvm::append_range(operands, args);
    return SmallVector<Value>(
        func::CallOp::create(b, loc, moments, operands).getResults());
  };
  // The unshifted circuit is needed only for the <O> of a variance.
  SmallVector<Value> unshifted;
  if (llvm::any_of(circuit.measurements, llvm::IsaPred<quantum::VarOp>))
    unshifted = evaluate(params);
  Value shifted = memref::AllocOp::create(
      b, loc, cast<MemRefType>(params.getType()), count);
  memref::CopyOp::create(b, loc, params, shifted);

  auto loop = scf::ForOp::create(b, loc, t.index(0), count, t.index(1));
  b.setInsertionPointToStart(loop.getBody());
  Value j = loop.getInductionVar();
  Value original = memref::LoadOp::create(b, loc, params, j);
  Value fourTerm = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      memref::LoadOp::create(b, loc, ruleOf, j),
      arith::ConstantIntOp::create(
          b, loc, static_cast<int64_t>(ShiftRule::FourTerm), 64));
  auto sumOfTerms = [&](ShiftRule rule) {
    Value sum = t.splat(b.getF64Type(), 0.0);
    for (const cotangent::runtime::ShiftTerm &term :
         cotangent::runtime::shiftTerms(rule)) {
      Value at = arith::AddFOp::create(
          b, loc, original,
          arith::ConstantFloatOp::create(b, loc, b.getF64Type(),
                                         APFloat(term.shift)));
      memref::StoreOp::create(b, loc, at, shifted, j);
      Value value =
          weighted(t, circuit, evaluate(shifted), unshifted, cotangents);
      Value coefficient = arith::ConstantFloatOp::create(
          b, loc, b.getF64Type(), APFloat(term.coefficient));
      sum = arith::AddFOp::create(
          b, loc, sum, arith::MulFOp::create(b, loc, coefficient, value));
    }
    scf::YieldOp::create(b, loc, sum);
  };
  auto inBranch = [&](ShiftRule rule) {
    return [&, rule](OpBuilder &branch, Location) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(branch.getInsertionBlock(),
                          branch.getInsertionPoint());
      sumOfTerms(rule);
    };
  };
  auto branch =
      scf::IfOp::create(b, loc, fourTerm, inBranch(ShiftRule::FourTerm),
                        inBranch(ShiftRule::TwoTerm));
  memref::StoreOp::create(b, loc, original, shifted, j);
  memref::StoreOp::create(b, loc, branch.getResult(0), out, j);
  b.setInsertionPointAfter(loop);
  func::ReturnOp::create(b, loc);
  return {nullptr, vjp};
}
