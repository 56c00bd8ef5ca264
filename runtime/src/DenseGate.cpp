//===- DenseGate.cpp - Dense matrices on a few wires ----------------------===//
//
// applyDense for 2 to 5 target wires works line by line (LineSweeps.h): the
// state splits into groups of lines that differ only in the target bits
// above bit 1, so a group holds every amplitude the matrix mixes. A group's
// lines are read (for target bits 0 and 1, once per subset of them with the
// lanes exchanged across it; staged in L1 when the output lines take more
// than one block of registers), then each output line r is
//   sum_c re[r][c] * in[c]  +  signs * swapParts(sum_c im[r][c] * in[c]),
// two independent chains of multiply-adds whose factors are operands read
// from a table prepared per call:
//  - no target or control among bits 0 and 1 ("uniform lanes"): every lane of
//    a line sees the same matrix entry, so a factor is one broadcast double;
//  - otherwise a factor is a line (LaneFactor) that holds the entry each
//    lane needs, or the identity where an in-line control is 0.
// An amplitude costs 2^k complex multiply-adds: k = 2 is bound by memory,
// k >= 3 is bound by multiply-add throughput (cot-bench-gates'
// "MultiplyAddPeak" gives the bound). So the kernel is compiled for the
// widest vectors the CPU has: with AVX-512 a line is one 64-byte register,
// otherwise two 32-byte halves. Larger matrices take a plain scalar loop.
//
//===----------------------------------------------------------------------===//

#include "LineSweeps.h"
#include "StateVector.h"

#include <type_traits>
#include <utility>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

using namespace sweeps;

/// Target wires up to which the vectorised kernel is compiled.
constexpr int kMaxVectorWires = 5;

/// (-1, 1) in every lane: signs * swapParts(im * v) is the imaginary part's
/// share of a complex product.
constexpr double kSigns[kLineDoubles] = {-1, 1, -1, 1, -1, 1, -1, 1};

/// A matrix entry that every lane of a line sees.
struct UniformFactor {
  double re, im;
};

/// A matrix entry per lane, as lines: re = (Re f_j, Re f_j) and im = (Im f_j,
/// Im f_j) in lane j.
struct alignas(64) LaneFactor {
  double re[kLineDoubles], im[kLineDoubles];
};

/// A line as two 32-byte halves (Line), for CPUs without AVX-512. Two output
/// lines at a time keep their 8 half-line sums in registers.
struct HalvesLine {
  using Vector = Line;
  static constexpr int kRowsPerBlock = 2;
  [[gnu::always_inline]] static Vector load(const double *p) {
    return sweeps::load(p);
  }
  [[gnu::always_inline]] static void store(double *p, const Vector &v) {
    sweeps::store(p, v);
  }
  /// acc += factor * v, factor in every lane.
  [[gnu::always_inline]] static void multiplyAdd(Vector &acc, const Vector &v,
                                                 const double &factor) {
    const Half f = {factor, factor, factor, factor};
    acc = {acc.low + f * v.low, acc.high + f * v.high};
  }
  [[gnu::always_inline]] static Vector swapParts(const Vector &v) {
    return sweeps::swapParts(v);
  }
  template <int Bit>
  [[gnu::always_inline]] static Vector partners(const Vector &v) {
    return partnersInLine<Bit>(v);
  }
};

#if defined(__x86_64__) && defined(__GNUC__)
/// A line as one 64-byte vector, for AVX-512: 32 registers keep the sums of
/// eight output lines.
typedef double Wide __attribute__((vector_size(64), aligned(8)));
struct WideLine {
  using Vector = Wide;
  static constexpr int kRowsPerBlock = 8;
  [[gnu::always_inline]] static Vector load(const double *p) {
    return *reinterpret_cast<const Wide *>(p);
  }
  [[gnu::always_inline]] static void store(double *p, const Vector &v) {
    *reinterpret_cast<Wide *>(p) = v;
  }
  /// acc += factor * v, factor in every lane: with GCC, one multiply-add
  /// that reads and broadcasts its factor itself. (Left to itself, GCC loads
  /// eight factors at once and spreads them with shuffles, which take the
  /// port of one of the two multiply-add units. Clang checks the operand's
  /// size against the file's baseline target, so it gets the plain form.)
  [[gnu::always_inline]] static void multiplyAdd(Vector &acc, const Vector &v,
                                                 const double &factor) {
#ifdef __clang__
    acc = acc +
          Wide{factor, factor, factor, factor, factor, factor, factor, factor} *
              v;
#else
    asm("vfmadd231pd %2%{1to8%}, %1, %0" : "+v"(acc) : "v"(v), "m"(factor));
#endif
  }
  [[gnu::always_inline]] static Vector swapParts(const Vector &v) {
    return __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6);
  }
  template <int Bit>
  [[gnu::always_inline]] static Vector partners(const Vector &v) {
    if constexpr (Bit == 0)
      return __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);
    else
      return __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3);
  }
};
#endif

/// The lanes of `v` exchanged across the in-line bits of `Flip` (0 to 3).
template <typename L, int Flip>
[[gnu::always_inline]] inline typename L::Vector
flipLanes(const typename L::Vector &v) {
  if constexpr (Flip == 0)
    return v;
  else if constexpr (Flip == 1)
    return L::template partners<0>(v);
  else if constexpr (Flip == 2)
    return L::template partners<1>(v);
  else
    return L::template partners<1>(L::template partners<0>(v));
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

/// What one call sweeps with: the group's layout and the factor table
/// (UniformFactor or LaneFactor, entry r * numInputs + c for output line r and
/// staged input c).
struct DensePlan {
  double *psi;
  int numQubits;
  uint64_t highTargets, highControls, inLineTargets;
  const size_t *offsets;
  int numLines;
  const void *factors;
};

/// The kernel for groups of Lines lines and in-line target bits InLine, with
/// lines of layout L: each line is staged once per subset of InLine (its
/// lanes exchanged across it), then output lines are sums of products of the
/// staged inputs with the factors, kRowsPerBlock lines at a time.
template <typename L, int Lines, int InLine, typename Factor>
[[gnu::always_inline]] inline void denseLines(const DensePlan &plan) {
  using V = typename L::Vector;
  constexpr int kFlips = 1 << __builtin_popcount(InLine);
  constexpr int kInputs = Lines * kFlips;
  constexpr int kBlock = Lines < L::kRowsPerBlock ? Lines : L::kRowsPerBlock;
  // With one block of output lines, nothing is stored before every input is
  // read, so inputs come straight from the state.
  constexpr bool kStaged = Lines > kBlock;
  alignas(64) double staged[kStaged ? kInputs * kLineDoubles : 1];
  const V signs = L::load(kSigns);
  double *psi = plan.psi;
  size_t offsets[Lines]; // in doubles
  for (int g = 0; g < Lines; ++g)
    offsets[g] = 2 * plan.offsets[g];
  const uint64_t fixed = plan.highTargets | plan.highControls;
  // Matrices on three wires and more step line by line: where runs are one
  // or two lines long (a fixed bit at 2 or 3), a loop over runs cost them
  // 10-20% of their speed. Two wires, bound by memory, keep that tighter loop.
  forEachLine<(kInputs < 8)>(
      plan.numQubits, fixed, plan.highControls,
      [&](size_t line, size_t later) __attribute__((always_inline)) {
        double *p = psi + 2 * line;
        const double *ahead = psi + 2 * later;
        for (int g = 0; g < Lines; ++g)
          __builtin_prefetch(ahead + offsets[g], 1, 2);
        // Input c = g kFlips + f: line g, its lanes exchanged across the
        // f-th subset of InLine.
        auto input = [&](auto c) __attribute__((always_inline)) {
          constexpr int g = decltype(c)::value / kFlips,
                        f = decltype(c)::value % kFlips;
          return flipLanes<L, subsetOf(InLine, f)>(L::load(p + offsets[g]));
        };
        if constexpr (kStaged)
          forEachConstant<kInputs>([&](auto c) __attribute__((always_inline)) {
            L::store(staged + c * kLineDoubles, input(c));
          });
        // Hidden from the optimiser, so that it reads the factors in place
        // (as operands of the multiply-adds) instead of hoisting them all
        // into registers that then spill.
        const Factor *table = static_cast<const Factor *>(plan.factors);
        asm("" : "+r"(table));
        for (int r0 = 0; r0 < Lines; r0 += kBlock) {
          V re[kBlock] = {}, im[kBlock] = {};
          forEachConstant<kInputs>([&](auto c) __attribute__((always_inline)) {
            V v;
            if constexpr (kStaged)
              v = L::load(staged + c * kLineDoubles);
            else
              v = input(c);
#pragma GCC unroll 8
            for (int r = 0; r < kBlock; ++r) {
              const Factor &k = table[(r0 + r) * kInputs + c];
              if constexpr (std::is_same_v<Factor, UniformFactor>) {
                L::multiplyAdd(re[r], v, k.re);
                L::multiplyAdd(im[r], v, k.im);
              } else {
                re[r] = re[r] + L::load(k.re) * v;
                im[r] = im[r] + L::load(k.im) * v;
              }
            }
          });
#pragma GCC unroll 8
          for (int r = 0; r < kBlock; ++r)
            L::store(p + offsets[r0 + r], re[r] + signs * L::swapParts(im[r]));
        }
      });
}

/// denseLines for the group size and in-line targets of `plan`, through
/// Kernels::run<Lines, InLine, Factor>.
template <typename Kernels, typename Factor>
void denseSweep(const DensePlan &plan) {
  forEachConstant<int(kLineAmplitudes)>([&](auto inLine) {
    if (plan.inLineTargets != uint64_t(inLine))
      return;
    // numLines * 2^popcount(InLine) = 2^k for 2 <= k <= 5.
    constexpr int kMaxLines =
        kMaxVectorWires - __builtin_popcount(decltype(inLine)::value);
    forEachConstant<kMaxLines + 1>([&](auto h) {
      if (plan.numLines == 1 << h)
        Kernels::template run<1 << h, inLine, Factor>(plan);
    });
  });
}

// The kernels per instruction set, each with its own line layout, each a
// function of its own: inlined together into one function per instruction
// set, GCC's register allocation of each kernel hung on all the others (one
// edit left the 3-wire kernels' sums in memory, at 0.6 of their speed).
#if defined(__x86_64__) && defined(__GNUC__)
struct Avx512Kernels {
  template <int Lines, int InLine, typename Factor>
  __attribute__((target("arch=x86-64-v4"), noinline)) static void
  run(const DensePlan &plan) {
    denseLines<WideLine, Lines, InLine, Factor>(plan);
  }
};
struct Avx2Kernels {
  template <int Lines, int InLine, typename Factor>
  __attribute__((target("arch=x86-64-v3"), noinline)) static void
  run(const DensePlan &plan) {
    denseLines<HalvesLine, Lines, InLine, Factor>(plan);
  }
};
#endif
struct BaselineKernels {
  template <int Lines, int InLine, typename Factor>
  __attribute__((noinline)) static void run(const DensePlan &plan) {
    denseLines<HalvesLine, Lines, InLine, Factor>(plan);
  }
};

/// The sweep of `plan` with the kernels of one instruction set.
template <typename Kernels>
void denseSweepWith(const DensePlan &plan, bool uniform) {
  uniform ? denseSweep<Kernels, UniformFactor>(plan)
          : denseSweep<Kernels, LaneFactor>(plan);
}

/// The scalar loop for matrices too large to vectorise line by line.
void denseScalar(double *psi, int numQubits, uint64_t controls,
                 const int64_t *wires, int numWires, const double *m) {
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

VectorISA hostVectorISA() {
#if defined(__x86_64__) && defined(__GNUC__)
  static const VectorISA isa =
      __builtin_cpu_supports("x86-64-v4")   ? VectorISA::AVX512
      : __builtin_cpu_supports("x86-64-v3") ? VectorISA::AVX2
                                            : VectorISA::Baseline;
  return isa;
#else
  return VectorISA::Baseline;
#endif
}

void applyDense(Amplitude *state, int numQubits, uint64_t controls,
                const int64_t *wires, int numWires, const Amplitude *matrix,
                VectorISA isa) {
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
  DensePlan plan{psi,           numQubits,      highTargets, highControls,
                 inLineTargets, offsets.data(), numLines,    nullptr};
  const bool uniform = !inLineTargets && !inLineControls;

  std::vector<UniformFactor> uniformFactors;
  std::vector<LaneFactor> perLane;
  if (uniform) {
    uniformFactors.resize(dim * dim);
    for (size_t r = 0; r < dim; ++r)
      for (size_t c = 0; c < dim; ++c) {
        const Amplitude e = entry(offsets[r], offsets[c]);
        uniformFactors[r * dim + c] = {e.real(), e.imag()};
      }
    plan.factors = uniformFactors.data();
  } else {
    // Input c = g numFlips + f of a group is line g with its lanes exchanged
    // across flip f, the f-th subset of the in-line target bits.
    std::vector<int> flips;
    for (int f = 0; f < 1 << __builtin_popcountll(inLineTargets); ++f)
      flips.push_back(subsetOf(static_cast<int>(inLineTargets), f));
    const int numFlips = static_cast<int>(flips.size());
    const int numInputs = numLines * numFlips;
    perLane.resize(size_t(numLines) * numInputs);
    for (int r = 0; r < numLines; ++r)
      for (int g = 0; g < numLines; ++g)
        for (int f = 0; f < numFlips; ++f) {
          LaneFactor &factor = perLane[r * numInputs + g * numFlips + f];
          for (size_t lane = 0; lane < kLineAmplitudes; ++lane) {
            // Lane `lane` of output line r takes, from line g, the amplitude
            // in lane lane ^ flips[f] (the identity where a control is 0).
            const Amplitude e =
                (lane & inLineControls) != inLineControls
                    ? Amplitude(r == g && flips[f] == 0 ? 1.0 : 0.0)
                    : entry(offsets[r] | lane, offsets[g] | (lane ^ flips[f]));
            factor.re[2 * lane] = factor.re[2 * lane + 1] = e.real();
            factor.im[2 * lane] = factor.im[2 * lane + 1] = e.imag();
          }
        }
    plan.factors = perLane.data();
  }
  switch (isa) {
#if defined(__x86_64__) && defined(__GNUC__)
  case VectorISA::AVX512:
    denseSweepWith<Avx512Kernels>(plan, uniform);
    return;
  case VectorISA::AVX2:
    denseSweepWith<Avx2Kernels>(plan, uniform);
    return;
#endif
  default:
    denseSweepWith<BaselineKernels>(plan, uniform);
  }
}

} // namespace cotangent::runtime::kernels
