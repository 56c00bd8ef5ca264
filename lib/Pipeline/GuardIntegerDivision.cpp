//===- GuardIntegerDivision.cpp - integer division errors at run time -----===//
//
// An integer division by zero traps (SIGFPE) or, once LLVM folds it, gives
// garbage; so does the smallest signed value divided by -1. Each division
// and remainder gets a test before it that ends the call with a located
// run-time error instead; the test costs a compare and a branch that is
// never taken.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "RuntimeErrorBranch.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

namespace cotangent {
#define GEN_PASS_DEF_GUARDINTEGERDIVISION
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// The runtime's kinds of arithmetic error (CApi.h).
enum ArithmeticError : int64_t {
  DivisionByZero = 0,
  RemainderByZero = 1,
  SignedOverflow = 2,
};

struct Division {
  Value dividend, divisor;
  bool isSigned, isRemainder;
};

std::optional<Division> divisionOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<Division>>(op)
      .Case<arith::DivSIOp, arith::CeilDivSIOp, arith::FloorDivSIOp>(
          [](auto div) {
            return Division{div.getLhs(), div.getRhs(), true, false};
          })
      .Case<arith::DivUIOp, arith::CeilDivUIOp>([](auto div) {
        return Division{div.getLhs(), div.getRhs(), false, false};
      })
      .Case([](arith::RemSIOp rem) {
        return Division{rem.getLhs(), rem.getRhs(), true, true};
      })
      .Case([](arith::RemUIOp rem) {
        return Division{rem.getLhs(), rem.getRhs(), false, true};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The smallest signed value of the integer type `type` (index: 64 bits).
APInt smallestSigned(Type type) {
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return APInt::getSignedMinValue(width);
}

/// Emits `if (condition) __cot_arithmetic_error(kind, where)` before `op`.
LogicalResult guard(OpBuilder &b, Operation *op, Value condition,
                    ArithmeticError kind, ModuleOp module) {
  return cotangent::callRuntimeErrorIf(
      b, op->getLoc(), module, condition,
      cotangent::runtime::RuntimeFunction::ArithmeticError,
      {b.getI64IntegerAttr(kind)});
}

LogicalResult guardDivision(Operation *op, const Division &d, ModuleOp module) {
  Type type = d.divisor.getType();
  if (!type.isSignlessIntOrIndex())
    return success(); // vectors: no such ops reach this stage
  if (matchPattern(d.divisor, m_Zero()))
    return op->emitError(d.isRemainder ? "integer remainder by zero"
                                       : "integer division by zero");
  APInt divisor, dividend;
  if (d.isSigned && matchPattern(d.divisor, m_ConstantInt(&divisor)) &&
      divisor.isAllOnes() &&
      matchPattern(d.dividend, m_ConstantInt(&dividend)) &&
      dividend.isMinSignedValue())
    return op->emitError("integer overflow: the smallest value divided by -1");

  OpBuilder b(op);
  Location loc = op->getLoc();
  auto constant = [&](const APInt &value) -> Value {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value));
  };
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       d.divisor, constant(APInt(width, 0)));
  if (failed(guard(b, op, isZero,
                   d.isRemainder ? RemainderByZero : DivisionByZero, module)))
    return failure();
  if (!d.isSigned)
    return success();
  Value isMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, d.divisor,
                            constant(APInt::getAllOnes(width)));
  Value isSmallest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, d.dividend,
                            constant(smallestSigned(type)));
  Value overflows = arith::AndIOp::create(b, loc, isMinusOne, isSmallest);
  return guard(b, op, overflows, SignedOverflow, module);
}

struct GuardIntegerDivision
    : cotangent::impl::GuardIntegerDivisionBase<GuardIntegerDivision> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<Operation *, Division>> divisions;
    module.walk([&](Operation *op) {
      if (std::optional<Division> d = divisionOf(op))
        divisions.push_back({op, *d});
    });
    bool failed = false;
    for (auto &[op, d] : divisions)
      failed |= mlir::failed(guardDivision(op, d, module));
    if (failed)
      signalPassFailure();
  }
};

} // namespace
