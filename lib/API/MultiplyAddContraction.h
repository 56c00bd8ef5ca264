//===- MultiplyAddContraction.h - where products may fuse -------*- C++ -*-===//
#ifndef COTANGENT_LIB_API_MULTIPLYADDCONTRACTION_H
#define COTANGENT_LIB_API_MULTIPLYADDCONTRACTION_H

namespace llvm {
class Function;
} // namespace llvm

namespace cotangent {

/// Lets the products in `function` and the additions and subtractions of
/// them round once, as fused multiply-adds, except where a fused one would
/// lengthen a loop's carried chain.
void allowMultiplyAddContraction(llvm::Function &function);

} // namespace cotangent

#endif
