//===- DenseGate.cpp - Dense matrices on a few wires ----------------------===//
//
// applyDense for 2 to 5 target wires works line by line (LineSweeps.h): the
// state splits into groups of lines that differ only in the target bits
// above bit 1, so a group holds every amplitude the matrix mixes. Where no
// target or control is among bits 0 and 1, every lane of a line sees the
// same matrix entries, and each output line r is
//   sum_c re[r][c] * in[c]  +  i * sum_c im[r][c] * in[c],
// two independent chains of multiply-adds whose factors are single doubles
// read, and broadcast, from a table prepared per call. Where some are, a
// step takes two or four groups that differ only in the lowest free bits
// above bit 1 (the "companion" bits) and regroups their amplitudes so that
// each vector holds four that agree in the in-line target and control bits:
// the same product then applies to the vectors whose in-line controls are 1,
// and the regrouping is undone before the store. (A factor per lane instead,
// read as a whole line by every multiply-add, ran at half the speed on AMD
// Zen 5.) A matrix on bits 0 and 1 alone acts within each line: its four
// columns, an entry per lane, stay in registers, and each amplitude of the
// line, broadcast, multiplies its column (denseWithinLines).
// An amplitude costs 2^k complex multiply-adds: k = 2 is bound by memory,
// k >= 3 is bound by multiply-add throughput (cot-bench-gates'
// "MultiplyAddPeak" gives the bound). So the kernel is compiled for the
// widest vectors the CPU has: with AVX-512 a line is one 64-byte register,
// otherwise two 32-byte halves. And with AVX-512, a matrix on 3 to 5 wires
// takes two groups a step (each regrouped first where wires lie on bits 0
// and 1), split into real and imaginary parts, to make each complex product
// of three real ones instead of four (denseGroupPairs). Matrices on more
// wires, and states too small for the companion groups, take a plain scalar
// loop.
//
//===----------------------------------------------------------------------===//

#include "LineSweeps.h"
#include "StateVector.h"

#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

using namespace sweeps;

/// Target wires up to which the vectorised kernel is compiled.
constexpr int kMaxVectorWires = 5;

/// A matrix entry that every lane of a line sees.
struct UniformFactor {
  double re, im;
};

/// A matrix entry c + di as the factors of three real products whose sums
/// over a row make the row's product with amplitudes x + yi:
///   re = c(x + y) - (c + d)y,  im = c(x + y) + (d - c)x,
/// c(x + y) serving both parts: three multiply-adds per entry where the
/// complex product takes four.
struct ThreeProducts {
  double ofSum, ofIm, ofRe;
};

/// A line as two 32-byte halves (Line), for CPUs without AVX-512. Two output
/// lines at a time keep their 8 half-line sums in registers.
struct HalvesLine {
  using Vector = Line;
  static constexpr int kRowsPerBlock = 2;
  /// Whether denseGroupPairs serves this layout: not with 16 registers, too
  /// few for its 24 sums.
  static constexpr bool kPairsGroups = false;
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
  /// The amplitudes I0 ... I3 of a then b (0 ... 7), as a line.
  template <int I0, int I1, int I2, int I3>
  [[gnu::always_inline]] static Vector mix(const Vector &a, const Vector &b) {
    return {pair<I0, I1>(a, b), pair<I2, I3>(a, b)};
  }

private:
  /// Half H (0 ... 3) of a then b.
  template <int H>
  [[gnu::always_inline]] static Half half(const Vector &a, const Vector &b) {
    if constexpr (H == 0)
      return a.low;
    else if constexpr (H == 1)
      return a.high;
    else if constexpr (H == 2)
      return b.low;
    else
      return b.high;
  }
  template <int I, int J>
  [[gnu::always_inline]] static Half pair(const Vector &a, const Vector &b) {
    return __builtin_shufflevector(half<I / 2>(a, b), half<J / 2>(a, b),
                                   2 * (I % 2), 2 * (I % 2) + 1,
                                   4 + 2 * (J % 2), 5 + 2 * (J % 2));
  }
};

#if defined(__x86_64__) && defined(__GNUC__)
/// A line as one 64-byte vector, for AVX-512: 32 registers keep the sums of
/// eight output lines.
typedef double Wide __attribute__((vector_size(64), aligned(8)));
struct WideLine {
  using Vector = Wide;
  static constexpr int kRowsPerBlock = 8;
  static constexpr bool kPairsGroups = true;
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
  /// The amplitudes I0 ... I3 of a then b (0 ... 7), as a line.
  template <int I0, int I1, int I2, int I3>
  [[gnu::always_inline]] static Vector mix(const Vector &a, const Vector &b) {
    return __builtin_shufflevector(a, b, 2 * I0, 2 * I0 + 1, 2 * I1, 2 * I1 + 1,
                                   2 * I2, 2 * I2 + 1, 2 * I3, 2 * I3 + 1);
  }
  /// The real parts and the imaginary parts of lines a and b, amplitudes in
  /// turns (a0 b0 a1 b1 ...): in-lane shuffles, which cost no more than a
  /// multiply-add.
  [[gnu::always_inline]] static void split(const Vector &a, const Vector &b,
                                           Vector &re, Vector &im) {
    re = __builtin_shufflevector(a, b, 0, 8, 2, 10, 4, 12, 6, 14);
    im = __builtin_shufflevector(a, b, 1, 9, 3, 11, 5, 13, 7, 15);
  }
  /// The inverse of split.
  [[gnu::always_inline]] static void join(const Vector &re, const Vector &im,
                                          Vector &a, Vector &b) {
    a = __builtin_shufflevector(re, im, 0, 8, 2, 10, 4, 12, 6, 14);
    b = __builtin_shufflevector(re, im, 1, 9, 3, 11, 5, 13, 7, 15);
  }
};
#endif

/// (-1, 1) in every lane: i * (x + yi) = -y + xi, signs * swapParts((x, y)).
constexpr double kSigns[kLineDoubles] = {-1, 1, -1, 1, -1, 1, -1, 1};

/// re + i * im, amplitude by amplitude: an output line from its sums of
/// products with the entries' real parts (re) and imaginary parts (im).
/// `signs` is kSigns, loaded once per sweep.
template <typename L>
[[gnu::always_inline]] inline typename L::Vector
plusITimes(const typename L::Vector &re, const typename L::Vector &im,
           const typename L::Vector &signs) {
  return re + signs * L::swapParts(im);
}

/// Replaces lines a and b by the amplitudes I0 ... I3, then J0 ... J3, of a
/// then b (numbered 0 ... 7).
template <typename L, int I0, int I1, int I2, int I3, int J0, int J1, int J2,
          int J3>
[[gnu::always_inline]] inline void rearrange(typename L::Vector &a,
                                             typename L::Vector &b) {
  const typename L::Vector first = L::template mix<I0, I1, I2, I3>(a, b);
  b = L::template mix<J0, J1, J2, J3>(a, b);
  a = first;
}

/// (a0 a2 b0 b2) and (a1 a3 b1 b3): the amplitudes of lines a and b whose bit
/// 0 reads 0, then those where it reads 1.
template <typename L>
[[gnu::always_inline]] inline void splitByBit0(typename L::Vector &a,
                                               typename L::Vector &b) {
  rearrange<L, 0, 2, 4, 6, 1, 3, 5, 7>(a, b);
}

/// Regroups the lines v[0 ... 2^|Bits| - 1] of groups that differ only in
/// the companion bits so that vector j holds the amplitudes whose in-line
/// bits of `Bits` read subsetOf(Bits, j) (Undo: back again). With both
/// in-line bits, a transpose of four lines by four amplitudes, its own
/// inverse.
template <typename L, int Bits, bool Undo = false>
[[gnu::always_inline]] inline void regroup(typename L::Vector *v) {
  if constexpr (Bits == 1) {
    if constexpr (Undo) // (a0 b0 a1 b1) and (a2 b2 a3 b3)
      rearrange<L, 0, 4, 1, 5, 2, 6, 3, 7>(v[0], v[1]);
    else
      splitByBit0<L>(v[0], v[1]);
  } else if constexpr (Bits == 2) {
    // (a0 a1 b0 b1) and (a2 a3 b2 b3): split by bit 1, its own inverse.
    rearrange<L, 0, 1, 4, 5, 2, 3, 6, 7>(v[0], v[1]);
  } else if constexpr (Bits == 3) {
    splitByBit0<L>(v[0], v[1]);
    splitByBit0<L>(v[2], v[3]);
    splitByBit0<L>(v[0], v[2]);
    splitByBit0<L>(v[1], v[3]);
  }
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

/// The position of `subset` among the subsets of the bits of `mask` in
/// increasing order: the inverse of subsetOf.
constexpr int rankIn(int mask, int subset) {
  int rank = 0, place = 0;
  for (int b = 0; b < 2; ++b)
    if (mask & (1 << b)) {
      if (subset & (1 << b))
        rank |= 1 << place;
      ++place;
    }
  return rank;
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

/// The offsets (in amplitudes) of the indices that differ from index 0 only
/// in the bits of `mask`: offsets[g] has bit i of g at the i-th lowest bit of
/// the mask.
std::vector<size_t> offsetsWithin(uint64_t mask) {
  std::vector<size_t> offsets(1);
  for (uint64_t rest = mask; rest; rest &= rest - 1) {
    const size_t stride = rest & -rest;
    const size_t count = offsets.size();
    for (size_t g = 0; g < count; ++g)
      offsets.push_back(offsets[g] + stride);
  }
  return offsets;
}

/// Whether a matrix whose groups hold `lines` lines and whose in-line target
/// bits are `inLineTargets` acts on bits 0 and 1 alone, so that each line is a
/// group of its own (denseWithinLines) and needs no companions.
constexpr bool actsWithinLines(size_t lines, uint64_t inLineTargets) {
  return lines == 1 && inLineTargets == kInLineBits;
}

/// Whether a matrix whose groups hold `lines` lines and whose in-line target
/// bits are `inLineTargets` takes its steps as pairs of groups (or of
/// regrouped sets of groups) that differ in one more companion bit
/// (denseGroupPairs), on a line layout that has that kernel: a matrix on 3
/// wires and more, whatever its controls. (On 2 wires, bound by memory, the
/// pairs measured no faster in memory and slower at some wires.)
constexpr bool takesGroupPairs(bool layoutPairsGroups, size_t lines,
                               uint64_t inLineTargets) {
  return layoutPairsGroups &&
         (lines << __builtin_popcountll(inLineTargets)) >= 8;
}

/// What one call sweeps with. A step's lines are those of the group at the
/// line a sweep visits and of its companion groups: line g * 2^|companions| + j
/// is line g of the group with the j-th subset of the companion bits.
struct DensePlan {
  double *psi;
  int numQubits;
  /// The bits in which a step's lines differ (high targets and companion
  /// bits) or which it holds at 1 (high controls).
  uint64_t fixedBits, highControls;
  uint64_t inLineTargets, inLineControls;
  /// Offsets (in amplitudes) of a step's lines from its first.
  const size_t *offsets;
  /// Lines in a group: 2^(high targets).
  size_t numLines;
  /// Entry r * 2^k + c for output r and input c of the matrix: vector
  /// vectorOf<Targets, Controls>(c) of a step.
  const UniformFactor *factors;
};

/// `table`, hidden from the optimiser, so that a kernel reads its factors in
/// place (as operands of the multiply-adds) at every step instead of hoisting
/// them all into registers that then spill.
template <typename Factor>
[[gnu::always_inline]] inline const Factor *readInPlace(const Factor *table) {
  asm("" : "+r"(table));
  return table;
}

/// Of N things shared in order among Slots slots (both powers of 2): how
/// many slot `slot` takes, and the first of them.
template <int N, int Slots>
[[gnu::always_inline]] constexpr int shareSize(int slot) {
  if constexpr (N >= Slots)
    return N / Slots;
  else
    return slot % (Slots / N) == 0;
}
template <int N, int Slots>
[[gnu::always_inline]] constexpr int shareStart(int slot) {
  if constexpr (N >= Slots)
    return slot * (N / Slots);
  else
    return slot / (Slots / N);
}

/// The N lines of a step of `plan`: their offsets in doubles from the line
/// the sweep visits.
template <int N> class StepLines {
public:
  explicit StepLines(const DensePlan &plan) {
    for (int i = 0; i < N; ++i)
      offsets_[i] = 2 * plan.offsets[i];
  }

  /// Prefetches into L1 share `slot` of `Slots` (both powers of 2) of the
  /// lines of the step at `line` (kNearBytes): a kernel spreads a step's
  /// prefetches over its multiply-adds. All at the start of each step, they
  /// held the kernels back with the state in memory; measured on Intel Xeon
  /// (worst / median wire against the stream, at 24 and at 26 qubits), all
  /// at the start -> spread: 2-wire matrices 0.77 / 1.05 and 0.73 / 1.02 ->
  /// 0.88 / 1.07 and 0.90 / 1.08, 3-wire 0.69 / 0.96 and 0.70 / 0.92 ->
  /// 0.79 / 0.97 and 0.71 / 0.96, 4-wire 0.44 / 0.59 and 0.43 / 0.57 ->
  /// 0.52 / 0.64 and 0.54 / 0.65, 5-wire 0.26 / 0.31 and 0.25 / 0.30 -> 0.30
  /// / 0.37 both; with the state in L3 (22 qubits) 2-wire 0.73 / 0.93 ->
  /// 0.70 / 0.94, 3 to 5 wires +0.01-0.05; in L2 even.
  template <int Slots>
  [[gnu::always_inline]] void prefetchShareIntoL1(const double *psi,
                                                  size_t line, int slot) const {
    const double *ahead = psi + 2 * line;
    const int first = shareStart<N, Slots>(slot);
    for (int i = 0; i < shareSize<N, Slots>(slot); ++i)
      __builtin_prefetch(ahead + offsets()[first + i], 1, 3);
  }

  /// The offsets, for one phase of a step (its loads, or its stores). From
  /// eight lines a step, read from memory there: left to itself, GCC holds a
  /// step's addresses in registers from its loads to its stores and, short
  /// of them, spills them into vector registers, whose moves take the
  /// multiply-adds' ports (measured on Intel Xeon, 3-wire matrices in L2:
  /// 29 -> 33 GB/s). Four lines' addresses fit, and held they ran faster
  /// (2-wire matrices at 22 qubits, wires 8 and up: 0.83-0.84 of the stream
  /// against 0.75-0.76 read in place).
  [[gnu::always_inline]] const size_t *offsets() const {
    if constexpr (N >= 8)
      return readInPlace(offsets_);
    else
      return offsets_;
  }

private:
  size_t offsets_[N];
};

/// Where matrix input (and output) c lies in a group whose in-line target
/// and control bits are `targets` and `controls`: in line c / 2^|targets|,
/// at the in-line bits that read the controls and the (c mod 2^|targets|)-th
/// subset of the targets.
struct PlaceInGroup {
  int line, inLineBits;
};
constexpr PlaceInGroup placeOf(int c, int targets, int controls) {
  const int targetSubsets = 1 << __builtin_popcount(targets);
  return {c / targetSubsets, controls | subsetOf(targets, c % targetSubsets)};
}

/// The vector of a step, after regrouping, that holds matrix input (and
/// output) c: the one of its line (placeOf) whose in-line bits it reads.
template <int Targets, int Controls> constexpr int vectorOf(int c) {
  constexpr int kSpread = 1 << __builtin_popcount(Targets | Controls);
  const PlaceInGroup place = placeOf(c, Targets, Controls);
  return place.line * kSpread + rankIn(Targets | Controls, place.inLineBits);
}

/// The matrix output that vector j of regrouped line g holds, or -1 where
/// the in-line controls do not all read 1 there: the inverse of vectorOf.
template <int Targets, int Controls> constexpr int outputAt(int g, int j) {
  const int bits = subsetOf(Targets | Controls, j);
  if ((bits & Controls) != Controls)
    return -1;
  return g << __builtin_popcount(Targets) | rankIn(Targets, bits & Targets);
}

/// The kernel for a matrix on bits 0 and 1 alone, where each line is a group:
/// output line = the sum over inputs c of the matrix's column c (a vector with
/// an entry per lane, all four held in registers) times amplitude c, its
/// real and imaginary parts broadcast from the line in memory. Measured on
/// AMD Zen 5 (in-place stream, 22 qubits): 0.96 of the stream, where
/// regrouping four lines as for other in-line targets ran at 0.72.
template <typename L>
[[gnu::always_inline]] inline void denseWithinLines(const DensePlan &plan) {
  using V = typename L::Vector;
  const V signs = L::load(kSigns);
  V columns[kLineAmplitudes];
  for (size_t c = 0; c < kLineAmplitudes; ++c) {
    double column[kLineDoubles];
    for (size_t r = 0; r < kLineAmplitudes; ++r) {
      column[2 * r] = plan.factors[r * kLineAmplitudes + c].re;
      column[2 * r + 1] = plan.factors[r * kLineAmplitudes + c].im;
    }
    columns[c] = L::load(column);
  }
  double *psi = plan.psi;
  forEachLine(
      plan.numQubits, plan.fixedBits, plan.highControls,
      [&](size_t line, size_t later) __attribute__((always_inline)) {
        double *p = psi + 2 * line;
        __builtin_prefetch(psi + 2 * later, 1, 2);
        V re = {}, im = {};
        forEachConstant<int(kLineAmplitudes)>([&](
            auto c) __attribute__((always_inline)) {
          L::multiplyAdd(re, columns[c], p[2 * c]);
          L::multiplyAdd(im, columns[c], p[2 * c + 1]);
        });
        L::store(p, plusITimes<L>(re, im, signs));
      });
}

/// The kernel for groups of Lines lines, in-line target bits Targets and
/// in-line control bits Controls, with lines of layout L, where the matrix
/// does not act on bits 0 and 1 alone: a step loads the
/// lines of 2^|Targets + Controls| groups, regroups them (regroup), and
/// forms each output vector as the sum of the products of the input vectors
/// with the factors, kRowsPerBlock outputs at a time (staged in L1 when they
/// take more than one block of registers), then undoes the regrouping and
/// stores.
template <typename L, int Lines, int Targets, int Controls>
[[gnu::always_inline]] inline void denseGroups(const DensePlan &plan) {
  using V = typename L::Vector;
  constexpr int kSpreadBits = Targets | Controls;
  constexpr int kSpread = 1 << __builtin_popcount(kSpreadBits);
  constexpr int kVectors = Lines * kSpread;
  constexpr int kInputs = Lines << __builtin_popcount(Targets);
  constexpr int kBlock =
      kInputs < L::kRowsPerBlock ? kInputs : L::kRowsPerBlock;
  // With one block of outputs, nothing is stored before every input is
  // read, so inputs stay in registers, or come straight from the state.
  constexpr bool kStaged = kVectors > kBlock;
  // Staged inputs; and, where the regrouping is to be undone, the outputs
  // until then (the vectors the matrix leaves alone wait in `staged`).
  constexpr int kStagedDoubles = kStaged ? kVectors * kLineDoubles : 1;
  constexpr int kResultDoubles =
      kStaged && kSpreadBits ? kInputs * kLineDoubles : 1;
  alignas(64) double staged[kStagedDoubles];
  alignas(64) double results[kResultDoubles];
  const V signs = L::load(kSigns);
  double *psi = plan.psi;
  const StepLines<kVectors> step(plan);
  // Into L1 step by step (kNearBytes), a share with each input of each
  // block (kSlots); where the steps' lines lie close together and cover the
  // state (setsCoverNarrowly), in address order too, also in shares: the
  // hardware prefetchers fetched such a sweep too slowly with the state in
  // L3 (Intel Xeon, 22 qubits, 2-wire matrices on wires 1 to 6: 0.66-0.76 of
  // the stream -> 0.77-0.81, on wire 7 0.86 -> 0.82; at 24 qubits, wires 0
  // to 4 and 7: 0.81-0.92 -> 0.88-1.00). On AMD, in address order alone, at
  // each step's start (prefetchInAddressOrder).
  constexpr int kSlots = kInputs / kBlock * kInputs;
  const uint64_t varying = plan.fixedBits & ~plan.highControls;
  const bool inAddressOrder =
      prefetchInAddressOrder(kVectors, varying, plan.fixedBits);
  const bool inAddressOrderToo =
      !inAddressOrder && setsCoverNarrowly(kVectors, varying, plan.fixedBits);
  AddressOrderPrefetch linesAhead(plan.numQubits);
  forEachLineAhead(
      plan.numQubits, plan.fixedBits, plan.highControls,
      nearLookahead(plan.fixedBits, kVectors),
      [&](size_t line, size_t ahead) __attribute__((always_inline)) {
        double *p = psi + 2 * line;
        if (inAddressOrder)
          linesAhead.next(psi, kVectors);
        // The regrouped vectors, while they fit in registers.
        V held[kStaged || !kSpreadBits ? 1 : kVectors];
        if constexpr (kStaged || kSpreadBits) {
          forEachConstant<Lines>([&](auto g) __attribute__((always_inline)) {
            V v[kSpread];
            for (int j = 0; j < kSpread; ++j)
              v[j] = L::load(p + step.offsets()[g * kSpread + j]);
            regroup<L, kSpreadBits>(v);
            for (int j = 0; j < kSpread; ++j) {
              if constexpr (kStaged)
                L::store(staged + (g * kSpread + j) * kLineDoubles, v[j]);
              else
                held[g * kSpread + j] = v[j];
            }
          });
        }
        auto input = [&](auto c) __attribute__((always_inline)) {
          constexpr int i = vectorOf<Targets, Controls>(decltype(c)::value);
          if constexpr (kStaged)
            return L::load(staged + i * kLineDoubles);
          else if constexpr (kSpreadBits)
            return held[i];
          else
            return L::load(p + step.offsets()[i]);
        };
        const UniformFactor *table = readInPlace(plan.factors);
        for (int r0 = 0; r0 < kInputs; r0 += kBlock) {
          V re[kBlock] = {}, im[kBlock] = {};
          forEachConstant<kInputs>([&](auto c) __attribute__((always_inline)) {
            if (!inAddressOrder) {
              const int slot = r0 / kBlock * kInputs + c;
              step.template prefetchShareIntoL1<kSlots>(psi, ahead, slot);
              if (inAddressOrderToo)
                linesAhead.next(psi, shareSize<kVectors, kSlots>(slot));
            }
            const V v = input(c);
#pragma GCC unroll 8
            for (int r = 0; r < kBlock; ++r) {
              const UniformFactor &k = table[(r0 + r) * kInputs + c];
              L::multiplyAdd(re[r], v, k.re);
              L::multiplyAdd(im[r], v, k.im);
            }
          });
          forEachConstant<kBlock>([&](auto r) __attribute__((always_inline)) {
            const V out = plusITimes<L>(re[r], im[r], signs);
            if constexpr (!kSpreadBits)
              L::store(p + step.offsets()[r0 + r], out);
            else if constexpr (kStaged)
              L::store(results + (r0 + r) * kLineDoubles, out);
            else // one block: r0 = 0
              held[vectorOf<Targets, Controls>(decltype(r)::value)] = out;
          });
        }
        if constexpr (kSpreadBits) {
          forEachConstant<Lines>([&](auto g) __attribute__((always_inline)) {
            V v[kSpread];
#pragma GCC unroll 4
            for (int j = 0; j < kSpread; ++j) {
              const int i = g * kSpread + j,
                        c = outputAt<Targets, Controls>(g, j);
              if constexpr (!kStaged)
                v[j] = held[i];
              else
                v[j] = L::load(c < 0 ? staged + i * kLineDoubles
                                     : results + c * kLineDoubles);
            }
            regroup<L, kSpreadBits, true>(v);
            for (int j = 0; j < kSpread; ++j)
              L::store(p + step.offsets()[g * kSpread + j], v[j]);
          });
        }
      });
}

/// Output rows whose three sums each (ThreeProducts) denseGroupPairs holds in
/// registers at a time: 24 of the 32 vector registers.
constexpr int kPairsRowsPerBlock = 8;

/// The kernel for matrices on 3 wires and more (takesGroupPairs), with lines
/// of layout L, groups of Lines lines and in-line target and control bits
/// Targets and Controls: a step takes two halves that differ in the highest
/// companion bit, each the lines denseGroups would take (a group, or groups
/// that differ in the lower companion bits, regrouped in L1 so that each
/// vector's amplitudes agree in the in-line bits); splits the two halves'
/// vectors i into a vector of their eight real parts and one of their
/// imaginary parts (L::split), and forms each output as three sums of
/// products (ThreeProducts), kPairsRowsPerBlock outputs (24 sums in
/// registers) at a time; the regrouping is undone before the store. A dense
/// matrix on 3 wires and more is bound by multiply-adds, so a quarter fewer
/// pays: measured on AMD Zen 5 against denseGroups' four products, 3 wires,
/// with the state in L2 (14 qubits) 54 GB/s against 40-43 with all wires
/// from 2 up, 40-44 against 37-39 with wires on bits 0 and 1; in memory,
/// wires from 2 up, 0.58-0.73 of the stream against 0.48-0.58 at 22 qubits,
/// 0.64-0.77 against 0.60-0.73 at 24; with wires on bits 0 and 1, 0.66-0.74
/// against 0.54-0.62 at 22 qubits, 0.72-0.80 against 0.58-0.68 at 24. On 4
/// and 5 wires, where the outputs take two and four blocks, the split inputs
/// wait in L1 for the blocks: measured on Intel Xeon at 22 qubits (worst /
/// median wire against the stream), 4 wires 0.30 / 0.32 -> 0.34 / 0.38,
/// 5 wires 0.13 / 0.15 -> 0.22 / 0.24 against denseGroups' four products.
/// Prefetch: into L1 some steps ahead (kNearBytes), a share of the step's
/// lines with each input of each block; from memory by the hardware alone.
template <typename L, int Lines, int Targets, int Controls>
[[gnu::always_inline]] inline void denseGroupPairs(const DensePlan &plan) {
  using V = typename L::Vector;
  constexpr int kSpreadBits = Targets | Controls;
  constexpr int kSpread = 1 << __builtin_popcount(kSpreadBits);
  constexpr int kVectors = Lines * kSpread; // per half of a step
  constexpr int kInputs = Lines << __builtin_popcount(Targets);
  constexpr int kRows = kPairsRowsPerBlock;
  constexpr int kBlocks = kInputs / kRows;
  static_assert(kInputs % kRows == 0);
  // Entry (r, c) at (r / kRows * kInputs + c) * kRows + r % kRows: a block's
  // factors in the order its multiply-adds read them. (On the heap: 24 KiB
  // for 5 wires would take much of what a small thread stack keeps in
  // reserve for the runtime, ThreadStack.h.)
  std::vector<ThreeProducts> products(kInputs * kInputs);
  for (int r = 0; r < kInputs; ++r)
    for (int c = 0; c < kInputs; ++c) {
      const UniformFactor f = plan.factors[r * kInputs + c];
      products[(r / kRows * kInputs + c) * kRows + r % kRows] = {
          f.re, f.re + f.im, f.im - f.re};
    }
  // Regrouped halves wait in L1 for the products, and the outputs (by row)
  // for the regrouping to be undone; where the outputs take more than one
  // block, the split inputs (real part, imaginary part, their sum), which
  // every block reads.
  constexpr int kStagedDoubles = kSpreadBits ? 2 * kVectors * kLineDoubles : 1;
  constexpr int kResultDoubles = kSpreadBits ? 2 * kInputs * kLineDoubles : 1;
  constexpr int kSplitDoubles = kBlocks > 1 ? 3 * kInputs * kLineDoubles : 1;
  alignas(64) double staged[kStagedDoubles];
  alignas(64) double results[kResultDoubles];
  alignas(64) double stagedSplits[kSplitDoubles];
  double *psi = plan.psi;
  const StepLines<2 * kVectors> step(plan);
  // Line s of the spread of line g of half h (the pair's companion bit is
  // the highest of the step's companions).
  auto lineOf = [](int h, int g, int s) { return (g * 2 + h) * kSpread + s; };
  forEachLineAhead(
      plan.numQubits, plan.fixedBits, plan.highControls,
      nearLookahead(plan.fixedBits, 2 * kVectors),
      [&](size_t line, size_t ahead) __attribute__((always_inline)) {
        double *p = psi + 2 * line;
        if constexpr (kSpreadBits != 0)
          for (int h = 0; h < 2; ++h)
            forEachConstant<Lines>([&](auto g) __attribute__((always_inline)) {
              V v[kSpread];
              for (int j = 0; j < kSpread; ++j)
                v[j] = L::load(p + step.offsets()[lineOf(h, g, j)]);
              regroup<L, kSpreadBits>(v);
              for (int j = 0; j < kSpread; ++j)
                L::store(staged +
                             ((h * Lines + g) * kSpread + j) * kLineDoubles,
                         v[j]);
            });
        // Vector i of half h, as regrouped.
        auto input = [&](int h, int i) __attribute__((always_inline)) {
          if constexpr (kSpreadBits != 0)
            return L::load(staged + (h * kVectors + i) * kLineDoubles);
          else
            return L::load(p + step.offsets()[lineOf(h, i, 0)]);
        };
        // Input c split: its real parts, imaginary parts and their sums.
        auto splitInput = [&](auto c, V &re, V &im, V &sum)
            __attribute__((always_inline)) {
          constexpr int i = vectorOf<Targets, Controls>(decltype(c)::value);
          L::split(input(0, i), input(1, i), re, im);
          sum = re + im;
        };
        if constexpr (kBlocks > 1)
          forEachConstant<kInputs>([&](auto c) __attribute__((always_inline)) {
            V re, im, sum;
            splitInput(c, re, im, sum);
            double *at = stagedSplits + 3 * c * kLineDoubles;
            L::store(at, re);
            L::store(at + kLineDoubles, im);
            L::store(at + 2 * kLineDoubles, sum);
          });
        const ThreeProducts *table = readInPlace(products.data());
        for (int b = 0; b < kBlocks; ++b, table += kRows * kInputs) {
          // Read from L1 at each block: left to itself, GCC forwards the
          // staged inputs from their stores, held in registers that spill.
          const double *splits = readInPlace(stagedSplits);
          V bySum[kRows] = {}, byIm[kRows] = {}, byRe[kRows] = {};
          forEachConstant<kInputs>([&](auto c) __attribute__((always_inline)) {
            step.template prefetchShareIntoL1<kBlocks * kInputs>(
                psi, ahead, b * kInputs + c);
            V re, im, sum;
            if constexpr (kBlocks > 1) {
              const double *at = splits + 3 * c * kLineDoubles;
              re = L::load(at);
              im = L::load(at + kLineDoubles);
              sum = L::load(at + 2 * kLineDoubles);
            } else {
              splitInput(c, re, im, sum);
            }
            // Rows as constants: from loops unrolled by pragma, GCC also
            // stored every sum to the stack at the end of each block.
            forEachConstant<kRows>([&](auto r) __attribute__((always_inline)) {
              const ThreeProducts &k = table[c * kRows + r];
              L::multiplyAdd(bySum[r], sum, k.ofSum);
              L::multiplyAdd(byIm[r], im, k.ofIm);
              L::multiplyAdd(byRe[r], re, k.ofRe);
            });
          });
          forEachConstant<kRows>([&](auto r) __attribute__((always_inline)) {
            const int row = b * kRows + r;
            V out[2];
            L::join(bySum[r] - byIm[r], bySum[r] + byRe[r], out[0], out[1]);
            for (int h = 0; h < 2; ++h)
              if constexpr (kSpreadBits != 0)
                L::store(results + (h * kInputs + row) * kLineDoubles, out[h]);
              else // without a spread, output row r is vector r
                L::store(p + step.offsets()[lineOf(h, row, 0)], out[h]);
          });
        }
        if constexpr (kSpreadBits != 0)
          for (int h = 0; h < 2; ++h)
            forEachConstant<Lines>([&](auto g) __attribute__((always_inline)) {
              V v[kSpread];
#pragma GCC unroll 4
              for (int j = 0; j < kSpread; ++j) {
                const int row = outputAt<Targets, Controls>(g, j);
                v[j] = L::load(
                    row < 0 ? staged + (h * kVectors + g * kSpread + j) *
                                           kLineDoubles
                            : results + (h * kInputs + row) * kLineDoubles);
              }
              regroup<L, kSpreadBits, true>(v);
              for (int j = 0; j < kSpread; ++j)
                L::store(p + step.offsets()[lineOf(h, g, j)], v[j]);
            });
      });
}

/// The kernel for groups of Lines lines with in-line target bits Targets and
/// in-line control bits Controls, with lines of layout L.
template <typename L, int Lines, int Targets, int Controls>
[[gnu::always_inline]] inline void denseLines(const DensePlan &plan) {
  if constexpr (actsWithinLines(Lines, Targets))
    denseWithinLines<L>(plan);
  else if constexpr (takesGroupPairs(L::kPairsGroups, Lines, Targets))
    denseGroupPairs<L, Lines, Targets, Controls>(plan);
  else
    denseGroups<L, Lines, Targets, Controls>(plan);
}

/// denseLines for the group size and in-line bits of `plan`, through
/// Kernels::run<Lines, Targets, Controls>.
template <typename Kernels> void denseSweep(const DensePlan &plan) {
  forEachConstant<int(kLineAmplitudes)>([&](auto targets) {
    forEachConstant<int(kLineAmplitudes)>([&](auto controls) {
      constexpr int kTargets = targets, kControls = controls;
      if constexpr ((kTargets & kControls) == 0) {
        if (plan.inLineTargets != uint64_t(kTargets) ||
            plan.inLineControls != uint64_t(kControls))
          return;
        // numLines * 2^|Targets| = 2^k for 2 <= k <= 5.
        constexpr int kInLineWires = __builtin_popcount(kTargets);
        forEachConstant<kMaxVectorWires - kInLineWires + 1>([&](auto h) {
          if constexpr (decltype(h)::value + kInLineWires >= 2)
            if (plan.numLines == size_t(1) << h)
              Kernels::template run<1 << h, kTargets, kControls>(plan);
        });
      }
    });
  });
}

// The kernels per instruction set, each with its own line layout, each a
// function of its own: inlined together into one function per instruction
// set, GCC's register allocation of each kernel hung on all the others (one
// edit left the 3-wire kernels' sums in memory, at 0.6 of their speed).
#if defined(__x86_64__) && defined(__GNUC__)
struct Avx512Kernels {
  template <int Lines, int Targets, int Controls>
  __attribute__((target("arch=x86-64-v4"), noinline)) static void
  run(const DensePlan &plan) {
    denseLines<WideLine, Lines, Targets, Controls>(plan);
  }
};
struct Avx2Kernels {
  template <int Lines, int Targets, int Controls>
  __attribute__((target("arch=x86-64-v3"), noinline)) static void
  run(const DensePlan &plan) {
    denseLines<HalvesLine, Lines, Targets, Controls>(plan);
  }
};
#endif
struct BaselineKernels {
  template <int Lines, int Targets, int Controls>
  __attribute__((noinline)) static void run(const DensePlan &plan) {
    denseLines<HalvesLine, Lines, Targets, Controls>(plan);
  }
};

/// Whether the line layout of the kernels applyDense runs for `isa` pairs
/// groups (L::kPairsGroups): the plan's companions must match the kernel's.
constexpr bool layoutPairsGroups(VectorISA isa) {
  static_assert(!HalvesLine::kPairsGroups);
#if defined(__x86_64__) && defined(__GNUC__)
  return isa == VectorISA::AVX512 && WideLine::kPairsGroups;
#else
  return false;
#endif
}

/// The scalar loop for matrices too large to vectorise line by line, and
/// states too small for companion groups.
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
  uint64_t inLineTargets = 0, highTargets = 0;
  for (int w = 0; w < numWires; ++w)
    (wires[w] < 2 ? inLineTargets : highTargets) |= bit(wires[w]);
  const uint64_t inLineControls = controls & kInLineBits,
                 highControls = controls & ~kInLineBits;
  const size_t numLines = size_t(1) << __builtin_popcountll(highTargets);
  // The lowest bits above bit 1 that are neither target nor control: one per
  // in-line bit that the regrouping separates, and one more, the highest,
  // that pairs the groups where they go in pairs (none for a matrix on bits
  // 0 and 1 alone).
  const int numCompanions =
      actsWithinLines(numLines, inLineTargets)
          ? 0
          : __builtin_popcountll(inLineTargets | inLineControls) +
                takesGroupPairs(layoutPairsGroups(isa), numLines,
                                inLineTargets);
  uint64_t free =
      (dimension(numQubits) - 1) & ~kInLineBits & ~highTargets & ~highControls;
  uint64_t companions = 0;
  for (int i = 0; i < numCompanions && free; ++i, free &= free - 1)
    companions |= free & -free;
  if (numWires > kMaxVectorWires ||
      __builtin_popcountll(companions) < numCompanions) {
    denseScalar(psi, numQubits, controls, wires, numWires, components(matrix));
    return;
  }
  const std::vector<size_t> groupOffsets = offsetsWithin(highTargets),
                            companionOffsets = offsetsWithin(companions);
  std::vector<size_t> stepOffsets;
  for (size_t g : groupOffsets)
    for (size_t j : companionOffsets)
      stepOffsets.push_back(g + j);
  const size_t dim = dimension(numWires);
  // The amplitude offset, from a group's first, of matrix input (and output)
  // c.
  auto offsetOf = [&](size_t c) {
    const PlaceInGroup place =
        placeOf(static_cast<int>(c), static_cast<int>(inLineTargets),
                static_cast<int>(inLineControls));
    return groupOffsets[place.line] | place.inLineBits;
  };
  std::vector<UniformFactor> factors(dim * dim);
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c) {
      const Amplitude e =
          matrix[gatherBits(offsetOf(r), wires, numWires) * dim +
                 gatherBits(offsetOf(c), wires, numWires)];
      factors[r * dim + c] = {e.real(), e.imag()};
    }
  const DensePlan plan{psi,
                       numQubits,
                       highTargets | companions | highControls,
                       highControls,
                       inLineTargets,
                       inLineControls,
                       stepOffsets.data(),
                       numLines,
                       factors.data()};
  switch (isa) {
#if defined(__x86_64__) && defined(__GNUC__)
  case VectorISA::AVX512:
    denseSweep<Avx512Kernels>(plan);
    return;
  case VectorISA::AVX2:
    denseSweep<Avx2Kernels>(plan);
    return;
#endif
  default:
    denseSweep<BaselineKernels>(plan);
  }
}

} // namespace cotangent::runtime::kernels
