//===- NativeKernels.h - the gradient kernels written in C++ ----*- C++ -*-===//
//
// The six classical kernels of bench/programs/gradients, each written once in
// plain C++ the way a performance-minded programmer would (same sizes, same
// arithmetic, loops ordered for contiguous access), with a hand-written
// gradient. They are the baselines cot-bench-native measures Cotangent's
// compiled code against.
//
// Every primal reads its arguments as the Cotangent entry @f takes them (in
// order, row-major); every gradient writes what @df returns into `out`, one
// pointer per result, preallocated by the caller.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_BENCH_NATIVEKERNELS_H
#define COTANGENT_BENCH_NATIVEKERNELS_H

#include <cstdint>
#include <vector>

namespace native {

/// Arguments as raw element pointers (a scalar is a pointer to one double).
using Inputs = std::vector<const double *>;
using Outputs = std::vector<double *>;

struct Kernel {
  const char *name; ///< the program's file name in bench/programs/gradients
  double (*primal)(const Inputs &in);
  /// Writes the gradient of `primal` with respect to the arguments @df
  /// differentiates into `out`; `scratch` is reused across calls.
  void (*gradient)(const Inputs &in, const Outputs &out,
                   std::vector<double> &scratch);
};

/// The six kernels, in the order of bench/programs/gradients' description.
const std::vector<Kernel> &kernels();

} // namespace native

#endif // COTANGENT_BENCH_NATIVEKERNELS_H
