//===- MultiplyAddContraction.cpp - where products may fuse ---------------===//
//
// A fused multiply-add rounds once where a product and a sum would round
// twice; nothing is reordered, so results stay the same from run to run.
// It is faster where the product is on the carried chain (Horner's rule:
// p = p * x + c), but slower in a sum of independent products (a dot
// product: s = s + a * b): the products run ahead of the sum, whose chain
// then waits for one addition per term, shorter than a fused multiply-add
// on most CPUs. Such sums are left unfused (where GCC and Clang would fuse
// them): a fused dot product is slower and no more deterministic.
//
//===----------------------------------------------------------------------===//
#include "MultiplyAddContraction.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;

namespace {

/// Whether `sum` adds a product that does not depend on the loop-carried
/// value it is added to: the next term of a running sum.
bool addsIndependentProduct(Instruction &sum) {
  for (unsigned i = 0; i < 2; ++i) {
    auto *carried = dyn_cast<PHINode>(sum.getOperand(i));
    auto *product = dyn_cast<Instruction>(sum.getOperand(1 - i));
    if (carried && product && product->getOpcode() == Instruction::FMul &&
        !is_contained(product->operands(), carried))
      return true;
  }
  return false;
}

} // namespace

void cotangent::allowMultiplyAddContraction(Function &function) {
  for (Instruction &instruction : instructions(function)) {
    const unsigned opcode = instruction.getOpcode();
    if (opcode == Instruction::FMul ||
        ((opcode == Instruction::FAdd || opcode == Instruction::FSub) &&
         !addsIndependentProduct(instruction)))
      instruction.setHasAllowContract(true);
  }
}
