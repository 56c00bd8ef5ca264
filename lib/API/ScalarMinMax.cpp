//===- ScalarMinMax.cpp - short chains of IEEE maximum and minimum --------===//
//
// `arith.maximumf` and `minimumf` become `llvm.maximum` and `llvm.minimum`
// (NaN if either operand is NaN, -0 below +0). On x86 without AVX10.2,
// code generation tests the sign of one operand through an integer
// register: about 15 cycles from an operand to the result. A loop that
// carries a running maximum waits that long per iteration, and derivative
// code cannot vectorise such a loop as the primal does (it saves each
// running value). The same result as three compares and selects:
//   a > b ? a : b         one max instruction
//   a == b ? a & b : ...  equal operands differ only as zeros: +0 wins
//                         (bitwise or for the minimum: -0 wins)
//   unordered ? a + b : ... a NaN
// takes about 5 cycles.
//
//===----------------------------------------------------------------------===//
#include "ScalarMinMax.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

void cotangent::expandScalarMinMax(Function &function) {
  SmallVector<IntrinsicInst *> calls;
  for (Instruction &instruction : instructions(function))
    if (auto *call = dyn_cast<IntrinsicInst>(&instruction))
      if ((call->getIntrinsicID() == Intrinsic::maximum ||
           call->getIntrinsicID() == Intrinsic::minimum) &&
          call->getType()->isFloatingPointTy())
        calls.push_back(call);
  for (IntrinsicInst *call : calls) {
    const bool maximum = call->getIntrinsicID() == Intrinsic::maximum;
    IRBuilder<> b(call);
    Value *x = call->getArgOperand(0), *y = call->getArgOperand(1);
    Type *type = call->getType();
    Value *larger = b.CreateFCmp(
        maximum ? CmpInst::FCMP_OGT : CmpInst::FCMP_OLT, x, y);
    Value *picked = b.CreateSelect(larger, x, y);
    Type *bits = b.getIntNTy(type->getPrimitiveSizeInBits());
    Value *xBits = b.CreateBitCast(x, bits), *yBits = b.CreateBitCast(y, bits);
    Value *signed0 = b.CreateBitCast(
        maximum ? b.CreateAnd(xBits, yBits) : b.CreateOr(xBits, yBits), type);
    Value *equal = b.CreateSelect(b.CreateFCmpOEQ(x, y), signed0, picked);
    Value *result =
        b.CreateSelect(b.CreateFCmpUNO(x, y), b.CreateFAdd(x, y), equal);
    call->replaceAllUsesWith(result);
    call->eraseFromParent();
  }
}
