//===- DenseGate.cpp - Dense matrices on a few wires ----------------------===//
//
// applyDense for 2 to 5 target wires works line by line (LineSweeps.h): the
// state splits into groups of lines that differ only in the target bits
// above bit 1, so a group holds every amplitude the matrix mixes. A group's
// lines are staged in registers and L1 (each with its real and imaginary
// parts swapped, and, for target bits 0 and 1, once per subset of them with
// the lanes exchanged across it), then each output line is a sum of products
// of the staged lines with factors prepared per call:
//  - no target or control among bits 0 and 1 ("uniform lanes"): every lane of
//    a line sees the same matrix entry, so a factor is half a line wide;
//  - otherwise a factor is a per-lane Factors (LineSweeps.h) that holds the
//    entry each lane needs, or the identity where an in-line control is 0.
// Either way an amplitude costs 2^k complex multiply-adds, read as operands
// of the multiply-adds: measured on AMD Zen 3, k = 2 runs at the memory's
// speed, k >= 3 is bound by multiply-add throughput.
// Larger matrices take a plain scalar loop. Everything is inlined into
// applyDense, so that it is compiled once per CPU level (TargetClones.h).
//
//===----------------------------------------------------------------------===//

#include "LineSweeps.h"
#include "StateVector.h"
#include "TargetClones.h"

#include <type_traits>
#include <utility>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

using namespace sweeps;

/// Target wires up to which the vectorised kernel is compiled.
constexpr int kMaxVectorWires = 5;

/// A factor that is the same in every lane, as a half line: re = (Re f,
/// Re f, Re f, Re f) and im = (-Im f, Im f, -Im f, Im f), so that f*v = re*v
/// + im*swapParts(v) on either half of a line.
struct UniformFactor {
  Half re, im;
};

/// The lanes of `v` exchanged across the in-line bits of `flip` (0 to 3).
template <int Flip>
[[gnu::always_inline]] inline Line flipLanes(const Line &v) {
  if constexpr (Flip == 0)
    return v;
  else if constexpr (Flip == 1)
    return partnersInLine<0>(v);
  else if constexpr (Flip == 2)
    return partnersInLine<1>(v);
  else
    return partnersInLine<1>(partnersInLine<0>(v));
}

/// The f-th subset (in increasing order) of the bits of `mask`.
constexpr int subsetOf(int mask, int f) {
  int subset = 0;
  for (int b = 0; b < 2; ++b)
    if (mask & (1 << b)) {
      if (f & 1)
        subset |= 1 << b;
      f >>= 1;
    }
  return subset;
}

/// Calls body(index) for index = 0 ... N-1 as compile-time constants.
template <int N, typename Body, int... Is>
[[gnu::always_inline]] inline void
forEachConstant(Body &&body, std::integer_sequence<int, Is...>) {
  (body(std::integral_constant<int, Is>()), ...);
}
template <int N, typename Body>
[[gnu::always_inline]] inline void forEachConstant(Body &&body) {
  forEachConstant<N>(body, std::make_integer_sequence<int, N>());
}

/// Where a group's lines lie: lineOffsets[g] is the offset (in amplitudes) of
/// line g from the group's first line, bit i of g standing for the i-th
/// lowest high target bit.
std::vector<size_t> lineOffsets(uint64_t highTargets) {
  std::vector<size_t> offsets(1);
  for (uint64_t rest = highTargets; rest; rest &= rest - 1) {
    const size_t stride = rest & -rest;
    const size_t count = offsets.size();
    for (size_t g = 0; g < count; ++g)
      offsets.push_back(offsets[g] + stride);
  }
  return offsets;
}

/// The kernel for groups of Lines lines and in-line target bits InLine: each
/// line is staged once per subset of InLine (its lanes exchanged across it),
/// with its swapParts; output line r is the sum over staged inputs c of
/// factors[r Inputs + c] times input c. Factor is UniformFactor (InLine = 0,
/// no in-line controls) or Factors.
template <int Lines, int InLine, typename Factor>
[[gnu::always_inline]] inline void
denseLines(double *psi, int numQubits, uint64_t highTargets,
           uint64_t highControls, const size_t *offsets,
           const Factor *factors) {
  constexpr int kFlips = 1 << __builtin_popcount(InLine);
  constexpr int kInputs = Lines * kFlips;
  constexpr int kBlock = Lines < 4 ? Lines : 4; // output lines in registers
  alignas(64) Line staged[2 * kInputs];
  const uint64_t fixed = highTargets | highControls;
  const size_t lookahead = prefetchLookahead(
      fixed ? size_t(1) << __builtin_ctzll(fixed) : dimension(numQubits),
      highControls != 0);
  forEachRun(
      numQubits, fixed, lookahead,
      [&](size_t first, size_t length,
          size_t later) __attribute__((always_inline)) {
        const size_t start = first | highControls;
        const double *ahead = psi + 2 * (later | highControls);
        for (size_t i = start; i < start + length; i += kLineAmplitudes) {
          double *p = psi + 2 * i;
          if (lookahead)
            for (int g = 0; g < Lines; ++g)
              __builtin_prefetch(ahead + 2 * (i - start + offsets[g]), 1, 2);
          for (int g = 0; g < Lines; ++g) {
            const Line v = load(p + 2 * offsets[g]);
            forEachConstant<kFlips>([&](auto f) __attribute__((always_inline)) {
              Line &s = staged[2 * (g * kFlips + f)];
              s = flipLanes<subsetOf(InLine, f)>(v);
              staged[2 * (g * kFlips + f) + 1] = swapParts(s);
            });
          }
          // Hidden from the optimiser, so that it reads the factors in place
          // (as operands of the multiply-adds) instead of hoisting them all
          // into registers that then spill.
          const Factor *table = factors;
          asm("" : "+r"(table));
          for (int r0 = 0; r0 < Lines; r0 += kBlock) {
            Line sum[kBlock] = {};
#pragma GCC unroll 128
            for (int c = 0; c < kInputs; ++c) {
              const Line &v = staged[2 * c], &sv = staged[2 * c + 1];
#pragma GCC unroll 4
              for (int r = 0; r < kBlock; ++r) {
                const Factor &k = table[(r0 + r) * kInputs + c];
                if constexpr (std::is_same_v<Factor, UniformFactor>)
                  sum[r] = {sum[r].low + k.re * v.low + k.im * sv.low,
                            sum[r].high + k.re * v.high + k.im * sv.high};
                else
                  sum[r] = sum[r] + k.re * v + k.im * sv;
              }
            }
#pragma GCC unroll 4
            for (int r = 0; r < kBlock; ++r)
              store(p + 2 * offsets[r0 + r], sum[r]);
          }
        }
      });
}

/// denseLines for the group size at run time.
template <int InLine, typename Factor>
[[gnu::always_inline]] inline void
denseLines(int numLines, double *psi, int numQubits, uint64_t highTargets,
           uint64_t highControls, const size_t *offsets,
           const Factor *factors) {
  // numLines * 2^popcount(InLine) = 2^k for 2 <= k <= 5.
  constexpr int kMaxLines = kMaxVectorWires - __builtin_popcount(InLine);
  forEachConstant<kMaxLines + 1>([&](auto h) __attribute__((always_inline)) {
    if (numLines == 1 << h)
      denseLines<1 << h, InLine>(psi, numQubits, highTargets, highControls,
                                 offsets, factors);
  });
}

/// The scalar loop for matrices too large to vectorise line by line.
[[gnu::always_inline]] inline void denseScalar(double *psi, int numQubits,
                                               uint64_t controls,
                                               const int64_t *wires,
                                               int numWires, const double *m) {
  const size_t dim = dimension(numWires);
  // offsets[r]: where the r-th amplitude of a group lies relative to the
  // group's first one (the first wire is the most significant bit of r).
  std::vector<size_t> offsets(dim, 0);
  uint64_t wireMask = 0;
  for (int w = 0; w < numWires; ++w) {
    wireMask |= bit(wires[w]);
    for (size_t r = 0; r < dim; ++r)
      if (r & dimension(numWires - 1 - w))
        offsets[r] |= bit(wires[w]);
  }
  std::vector<double> in(2 * dim);
  forEachRun(
      numQubits, wireMask | controls, 0,
      [&](size_t first, size_t length, size_t) {
        for (size_t base = first | controls, end = (first | controls) + length;
             base < end; ++base) {
          for (size_t c = 0; c < dim; ++c) {
            in[2 * c] = psi[2 * (base + offsets[c])];
            in[2 * c + 1] = psi[2 * (base + offsets[c]) + 1];
          }
          for (size_t r = 0; r < dim; ++r) {
            const double *row = m + 2 * dim * r;
            double re = 0, im = 0;
            for (size_t c = 0; c < dim; ++c) {
              re += row[2 * c] * in[2 * c] - row[2 * c + 1] * in[2 * c + 1];
              im += row[2 * c] * in[2 * c + 1] + row[2 * c + 1] * in[2 * c];
            }
            psi[2 * (base + offsets[r])] = re;
            psi[2 * (base + offsets[r]) + 1] = im;
          }
        }
      });
}

} // namespace

COT_TARGET_CLONES
void applyDense(Amplitude *state, int numQubits, uint64_t controls,
                const int64_t *wires, int numWires, const Amplitude *matrix) {
  double *psi = components(state);
  if (numWires > kMaxVectorWires) {
    denseScalar(psi, numQubits, controls, wires, numWires, components(matrix));
    return;
  }
  uint64_t inLineTargets = 0, highTargets = 0;
  for (int w = 0; w < numWires; ++w)
    (wires[w] < 2 ? inLineTargets : highTargets) |= bit(wires[w]);
  const uint64_t inLineControls = controls & kInLineBits,
                 highControls = controls & ~kInLineBits;
  const std::vector<size_t> offsets = lineOffsets(highTargets);
  const int numLines = static_cast<int>(offsets.size());
  const size_t dim = dimension(numWires);
  // The matrix entry of output amplitude `row` and input `column`, both
  // state-index offsets from a group's first amplitude.
  auto entry = [&](size_t row, size_t column) {
    return matrix[gatherBits(row, wires, numWires) * dim +
                  gatherBits(column, wires, numWires)];
  };

  if (!inLineTargets && !inLineControls) {
    std::vector<UniformFactor> factors(dim * dim);
    for (size_t r = 0; r < dim; ++r)
      for (size_t c = 0; c < dim; ++c) {
        const Amplitude e = entry(offsets[r], offsets[c]);
        factors[r * dim + c] = {Half{} + e.real(),
                                Half{-1, 1, -1, 1} * e.imag()};
      }
    denseLines<0>(numLines, psi, numQubits, highTargets, highControls,
                  offsets.data(), factors.data());
    return;
  }

  // Input c = g numFlips + f of a group is line g with its lanes exchanged
  // across flip f, the f-th subset of the in-line target bits.
  std::vector<int> flips;
  for (int f = 0; f < 1 << __builtin_popcountll(inLineTargets); ++f)
    flips.push_back(subsetOf(static_cast<int>(inLineTargets), f));
  const int numFlips = static_cast<int>(flips.size());
  const int numInputs = numLines * numFlips;
  std::vector<Factors> factors(size_t(numLines) * numInputs);
  for (int r = 0; r < numLines; ++r)
    for (int g = 0; g < numLines; ++g)
      for (int f = 0; f < numFlips; ++f)
        factors[r * numInputs + g * numFlips + f] =
            laneFactors([&](size_t lane) {
              // Lane `lane` of output line r takes, from line g, the amplitude
              // in lane lane ^ flips[f].
              if ((lane & inLineControls) != inLineControls)
                return Amplitude(r == g && flips[f] == 0 ? 1.0 : 0.0);
              return entry(offsets[r] | lane, offsets[g] | (lane ^ flips[f]));
            });
  forEachConstant<int(kLineAmplitudes)>(
      [&](auto inLine) __attribute__((always_inline)) {
        if (inLineTargets == uint64_t(inLine))
          denseLines<inLine>(numLines, psi, numQubits, highTargets,
                             highControls, offsets.data(), factors.data());
      });
}

} // namespace cotangent::runtime::kernels
