//===- ScalarMinMax.h - short chains of IEEE maximum and minimum -*- C++ -*-===//
#ifndef COTANGENT_LIB_API_SCALARMINMAX_H
#define COTANGENT_LIB_API_SCALARMINMAX_H

namespace llvm {
class Function;
} // namespace llvm

namespace cotangent {

/// Rewrites every scalar `llvm.maximum` and `llvm.minimum` in `function` as
/// compares and selects of the same result, whose latency is a third of
/// what code generation makes of the intrinsic. Runs after optimisation, so
/// that the vectorisers still see the intrinsics.
void expandScalarMinMax(llvm::Function &function);

} // namespace cotangent

#endif
