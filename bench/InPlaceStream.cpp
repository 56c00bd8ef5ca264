//===- InPlaceStream.cpp - The memory baseline of the circuit benchmarks --===//

#include "InPlaceStream.h"

#include "LineSweeps.h"
#include "TargetClones.h"

#include <vector>

namespace sweeps = cotangent::runtime::kernels::sweeps;

COT_TARGET_CLONES
void scaleSelectedLines(std::complex<double> *data, int numQubits,
                        uint64_t mask, std::complex<double> factor) {
  const sweeps::Factors f =
      sweeps::laneFactors([&](std::size_t) { return factor; });
  sweeps::updateLines(reinterpret_cast<double *>(data), numQubits, mask, mask,
                      [&](sweeps::Line &v) { v = sweeps::times(f, v); });
}

COT_TARGET_CLONES
void scaleLinePairs(std::complex<double> *data, int numQubits,
                    uint64_t fixedMask, uint64_t aBits, uint64_t bBits,
                    std::complex<double> factor) {
  const sweeps::Factors f =
      sweeps::laneFactors([&](std::size_t) { return factor; });
  double *psi = reinterpret_cast<double *>(data);
  if (aBits == bBits) { // both states in the same lines
    sweeps::updateLines(psi, numQubits, fixedMask, aBits,
                        [&](sweeps::Line &v) { v = sweeps::times(f, v); });
    return;
  }
  sweeps::updateLinePairs(psi, numQubits, fixedMask, aBits, bBits,
                          [&](sweeps::Line &a, sweeps::Line &b) {
                            a = sweeps::times(f, a);
                            b = sweeps::times(f, b);
                          });
}

COT_TARGET_CLONES
void scaleLineGroups(std::complex<double> *data, int numQubits,
                     uint64_t targetBits, uint64_t controlBits,
                     std::complex<double> factor, Prefetch prefetch) {
  const sweeps::Factors f =
      sweeps::laneFactors([&](std::size_t) { return factor; });
  double *psi = reinterpret_cast<double *>(data);
  std::vector<std::size_t> offsets; // in doubles, every subset of targetBits
  for (uint64_t s = 0;; s = (s - targetBits) & targetBits) {
    offsets.push_back(2 * s);
    if (s == targetBits)
      break;
  }
  const uint64_t fixed = targetBits | controlBits;
  const bool inAddressOrder =
      sweeps::prefetchInAddressOrder(offsets.size(), targetBits, fixed);
  sweeps::AddressOrderPrefetch linesAhead(numQubits);
  auto scaleGroup = [&](std::size_t line, std::size_t ahead) {
    if (inAddressOrder)
      linesAhead.next(psi, static_cast<int>(offsets.size()));
    else if (prefetch == Prefetch::Far)
      for (std::size_t offset : offsets)
        __builtin_prefetch(psi + 2 * ahead + offset, 1, 2);
    else
      for (std::size_t offset : offsets)
        __builtin_prefetch(psi + 2 * ahead + offset, 1, 3);
    for (std::size_t offset : offsets) {
      double *p = psi + 2 * line + offset;
      sweeps::store(p, sweeps::times(f, sweeps::load(p)));
    }
  };
  // As the line sweeps go (by runs), or as the dense kernel steps.
  if (prefetch == Prefetch::Far)
    sweeps::forEachLine(numQubits, fixed, controlBits, scaleGroup);
  else
    sweeps::forEachLineAhead(numQubits, fixed, controlBits,
                             sweeps::nearLookahead(fixed, offsets.size()),
                             scaleGroup);
}

namespace {

// One line of four amplitudes: one AVX-512 register, two AVX2 ones, as in
// the dense kernel.
typedef double LineVector
    __attribute__((vector_size(sweeps::kLineDoubles * sizeof(double)),
                   aligned(sizeof(double))));
constexpr int kLinesAtOnce = 8;

/// streamWithMultiplyAdds with `rounds` multiply-adds per line, the factors
/// read from `table` (rounds * kLinesAtOnce of them) or kept in a register,
/// prefetching as Ahead says.
template <bool FromTable, Prefetch Ahead>
[[gnu::always_inline]] inline void
multiplyAddSweep(double *psi, int numQubits, int rounds, const double *table) {
  constexpr std::size_t kStepDoubles = kLinesAtOnce * sweeps::kLineDoubles;
  constexpr bool kFar = Ahead == Prefetch::Far;
  LineVector one = LineVector{} + 1, zero = LineVector{};
  asm("" : "+m"(one), "+m"(zero)); // values the compiler cannot fold
  sweeps::forEachRun(
      numQubits, 0,
      kFar ? sweeps::kPrefetchAmplitudes : sweeps::nearLookahead(0, 1),
      [&](std::size_t first, std::size_t length, std::size_t later) {
        double *p = psi + 2 * first;
        const double *ahead = psi + 2 * later;
        for (std::size_t i = 0; i < 2 * length; i += kStepDoubles) {
          LineVector lines[kLinesAtOnce];
          for (int j = 0; j < kLinesAtOnce; ++j) {
            const std::size_t at = i + j * sweeps::kLineDoubles;
            __builtin_prefetch(ahead + at, 1, kFar ? 2 : 3);
            lines[j] = *reinterpret_cast<const LineVector *>(p + at);
          }
          // Read again for every step, as a kernel reads its matrix.
          const double *factors = table;
          if constexpr (FromTable)
            asm("" : "+r"(factors));
          for (int r = 0; r < rounds; ++r)
#pragma GCC unroll 8
            for (int j = 0; j < kLinesAtOnce; ++j)
              if constexpr (FromTable)
                lines[j] = lines[j] * factors[r * kLinesAtOnce + j] + zero;
              else
                lines[j] = lines[j] * one + zero;
          for (int j = 0; j < kLinesAtOnce; ++j)
            *reinterpret_cast<LineVector *>(p + i + j * sweeps::kLineDoubles) =
                lines[j];
        }
      });
}

} // namespace

COT_TARGET_CLONES
void streamWithMultiplyAdds(std::complex<double> *data, int numQubits,
                            int numWires, bool factorsFromTable,
                            Prefetch prefetch) {
  // Multiply-adds of whole lines (8 doubles), per line: 12 * 2^k / 8.
  const int rounds = 3 << (numWires - 1);
  double *psi = reinterpret_cast<double *>(data);
  const bool far = prefetch == Prefetch::Far;
  if (!factorsFromTable) {
    if (far)
      multiplyAddSweep<false, Prefetch::Far>(psi, numQubits, rounds, nullptr);
    else
      multiplyAddSweep<false, Prefetch::Near>(psi, numQubits, rounds, nullptr);
    return;
  }
  const std::vector<double> table(std::size_t(rounds) * kLinesAtOnce, 1.0);
  if (far)
    multiplyAddSweep<true, Prefetch::Far>(psi, numQubits, rounds, table.data());
  else
    multiplyAddSweep<true, Prefetch::Near>(psi, numQubits, rounds,
                                           table.data());
}
