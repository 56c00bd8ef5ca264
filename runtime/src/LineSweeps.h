//===- LineSweeps.h - Vectors of one cache line, and sweeps over them ----===//
//
// The building blocks of the gate kernels (StateVector.cpp, DenseGate.cpp):
// a cache line of four amplitudes as explicit vectors, the complex products
// on them, and the loops that visit the state's runs, lines and partner lines
// in index order. Everything here is inlined into kernels compiled once per
// CPU level (TargetClones.h).
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_LINESWEEPS_H
#define COTANGENT_RUNTIME_LINESWEEPS_H

#include "StateVector.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace cotangent::runtime::kernels::sweeps {

using std::size_t;

inline size_t dimension(int numQubits) { return size_t(1) << numQubits; }
inline uint64_t bit(int64_t position) { return uint64_t(1) << position; }
inline double *components(Amplitude *state) {
  return reinterpret_cast<double *>(state);
}
inline const double *components(const Amplitude *state) {
  return reinterpret_cast<const double *>(state);
}

/// Calls body(first, length, later) for each maximal run of consecutive indices
/// whose bits in `fixedMask` are all 0, in increasing index order. A run is as
/// long as the lowest fixed bit allows (the whole state if there is none), so
/// the body's inner loop is as long and as contiguous as the gate's wires
/// permit. With a lookahead, runs longer than it come in pieces of its length,
/// and `later` is the first index of the piece about `lookahead` indices
/// further on in the sweep, to prefetch (without lookahead, and near the end:
/// `first`).
template <typename Body>
[[gnu::always_inline]] inline void forEachRun(int numQubits, uint64_t fixedMask,
                                              size_t lookahead, Body &&body) {
  const size_t size = dimension(numQubits);
  const size_t runLength =
      fixedMask ? size_t(1) << __builtin_ctzll(fixedMask) : size;
  const size_t piece =
      lookahead && lookahead < runLength ? lookahead : runLength;
  // The piece after the one at `first`: set the fixed bits and those inside
  // the piece, add one (carrying over them), and clear the fixed bits again.
  const uint64_t carryBits = fixedMask | (piece - 1);
  auto next = [&](size_t first) {
    return ((first | carryBits) + 1) & ~fixedMask;
  };
  size_t later = 0;
  for (size_t ahead = 0; ahead < lookahead && later < size; ahead += piece)
    later = next(later);
  for (size_t first = 0; first < size; first = next(first)) {
    body(first, piece, later < size ? later : first);
    later = later < size ? next(later) : later;
  }
}

/// How many indices ahead the kernels prefetch (into L2): 32 KiB. Measured on
/// Intel Xeon (Sapphire Rapids class) with the state in L3 or DRAM, the
/// hardware prefetchers alone keep a plain in-place sweep at under half of
/// what it reaches with this prefetch, and gates whose runs are short or
/// broken up by controls even further below; 8 to 32 KiB ahead all do about
/// as well, 32 KiB slightly best.
constexpr size_t kPrefetchAmplitudes = 2048;

/// One 64-byte cache line of amplitudes as (re, im, re, im, ...): the four
/// indices that differ only in bits 0 and 1, lane j holding the one whose two
/// low bits are j. Explicit vectors let a complex product be two
/// multiply-adds and an in-lane swap, where auto-vectorised scalar code would
/// de-interleave real and imaginary parts with costlier shuffles. A line is
/// two 32-byte halves (lanes 0-1 and 2-3): one AVX register each, two SSE2
/// registers each in the baseline clone. (One 64-byte vector type instead
/// compiles, without AVX-512, to shuffles through the stack that stall on
/// store forwarding: measured on AMD Zen 3, a gate then ran at a fifth of the
/// memory bandwidth.)
/// Aligned like a double, so that tables of lines may live in any buffer
/// (unaligned vector loads cost nothing extra on aligned data).
typedef double Half __attribute__((vector_size(32), aligned(8)));
// Halves pass by value only between internal, inlined functions, so the ABI
// warning GCC gives for them in the baseline clone does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
struct Line {
  Half low, high;

  /// The k-th double of the line (k < 8). (Through a pointer: clang binds
  /// no reference to a vector element, and a vector may alias its doubles.)
  double &operator[](size_t k) {
    return reinterpret_cast<double *>(k < 4 ? &low : &high)[k % 4];
  }
};
[[gnu::always_inline]] inline Line operator+(const Line &a, const Line &b) {
  return {a.low + b.low, a.high + b.high};
}
[[gnu::always_inline]] inline Line operator*(const Line &a, const Line &b) {
  return {a.low * b.low, a.high * b.high};
}
constexpr size_t kLineAmplitudes = 4;
constexpr uint64_t kInLineBits = kLineAmplitudes - 1;
constexpr size_t kLineDoubles = 2 * kLineAmplitudes;

// Plain vector accesses (a vector type may alias its element type): with
// memcpy instead, GCC keeps arrays of lines in memory.
[[gnu::always_inline]] inline Line load(const double *p) {
  return {*reinterpret_cast<const Half *>(p),
          *reinterpret_cast<const Half *>(p + 4)};
}
[[gnu::always_inline]] inline void store(double *p, const Line &v) {
  *reinterpret_cast<Half *>(p) = v.low;
  *reinterpret_cast<Half *>(p + 4) = v.high;
}
/// A store that bypasses the caches, so the line is not fetched for it
/// (a plain store on CPUs without SSE2). Callers end with streamFence.
[[gnu::always_inline]] inline void streamStore(double *p, const Line &v) {
#ifdef __SSE2__
  for (int k = 0; k < 4; k += 2) { // SSE2 is in every target clone
    _mm_stream_pd(p + k, _mm_set_pd(v.low[k + 1], v.low[k]));
    _mm_stream_pd(p + 4 + k, _mm_set_pd(v.high[k + 1], v.high[k]));
  }
#else
  store(p, v);
#endif
}
/// Orders the streamStores before all later stores, as x86 does not by itself
/// (a thread that sees a later store must see the streamed data too).
inline void streamFence() {
#ifdef __SSE2__
  _mm_sfence();
#endif
}
/// (re, im) -> (im, re) in each amplitude.
[[gnu::always_inline]] inline Half swapParts(const Half &v) {
  return __builtin_shufflevector(v, v, 1, 0, 3, 2);
}
[[gnu::always_inline]] inline Line swapParts(const Line &v) {
  return {swapParts(v.low), swapParts(v.high)};
}
/// Each amplitude replaced by the one whose index differs in bit `Bit` (0 or
/// 1).
template <int Bit>
[[gnu::always_inline]] inline Line partnersInLine(const Line &v) {
  if constexpr (Bit == 0)
    return {__builtin_shufflevector(v.low, v.low, 2, 3, 0, 1),
            __builtin_shufflevector(v.high, v.high, 2, 3, 0, 1)};
  else
    return {v.high, v.low};
}

/// Each amplitude replaced by the one whose index differs in the bits of
/// `Flip` (0 to 3).
template <int Flip>
[[gnu::always_inline]] inline Line partnersAcross(const Line &v) {
  const Line across0 = Flip & 1 ? partnersInLine<0>(v) : v;
  return Flip & 2 ? partnersInLine<1>(across0) : across0;
}

/// A factor per lane, f_j, prepared so that f*v = re*v + im*swapParts(v):
/// re = (Re f_j, Re f_j) and im = (-Im f_j, Im f_j) in lane j.
struct Factors {
  Line re, im;
};
template <typename FactorOfLane> Factors laneFactors(FactorOfLane &&factor) {
  Factors f;
  for (size_t j = 0; j < kLineAmplitudes; ++j) {
    const Amplitude c = factor(j);
    f.re[2 * j] = f.re[2 * j + 1] = c.real();
    f.im[2 * j] = -c.imag();
    f.im[2 * j + 1] = c.imag();
  }
  return f;
}
[[gnu::always_inline]] inline Line times(const Factors &f, const Line &v) {
  return f.re * v + f.im * swapParts(v);
}

/// The first line after the one at index `line` (a multiple of
/// kLineAmplitudes) whose index bits in `fixedMask` (none of bits 0 and 1) are
/// all 0: set the fixed and in-line bits, add one (carrying over them), and
/// clear the fixed bits again.
[[gnu::always_inline]] inline size_t nextLine(size_t line, uint64_t fixedMask) {
  return ((line | fixedMask | kInLineBits) + 1) & ~fixedMask;
}

/// The line `lookahead` indices after line 0 among those whose bits in
/// `fixedMask` are all 0 (or one at or past `size`, if the state is shorter).
inline size_t lineAhead(size_t size, uint64_t fixedMask,
                        size_t lookahead = kPrefetchAmplitudes) {
  size_t ahead = 0;
  for (size_t skipped = 0; skipped < lookahead && ahead < size;
       skipped += kLineAmplitudes)
    ahead = nextLine(ahead, fixedMask);
  return ahead;
}

/// A sweep over sets of lines that cover the whole state prefetches the state
/// in address order (an AddressOrderPrefetch), rather than set by set, where
/// the lines of a set times the bytes from its first line to its last stay
/// below this. Measured on AMD Zen 5 at 24 qubits, against a plain in-place
/// stream, set by set / in address order: pairs of lines 512 bytes to 8 KiB
/// apart (2x2 matrices on wires 5 to 9) 0.61-0.81 / 0.82-0.89, 16 KiB apart
/// and more 0.85-0.95 / 0.82; sets of four lines (IsingXX, 2-wire matrices)
/// up to 6 KiB wide 0.70-0.84 / 0.86-0.92, 12 KiB wide 0.89 / 0.88; of
/// eight (3-wire matrices) up to 3.5 KiB wide 0.63-0.73 / 0.70-0.75, 7 KiB
/// wide 0.74 / 0.70. Where controls leave out lines, address order was the
/// slower (CNOT, CRX and Toffoli on wires 4 to 9: 0.61-0.93 set by set,
/// 0.42-0.81 in address order).
constexpr size_t kAddressOrderBytes = size_t(32) << 10;

/// Whether the CPU is AMD's, where the sweeps take two measures that cost on
/// Intel: the address-order prefetch, and staging partner lines that alias
/// in the L1 cache (kAliasingBytes).
inline bool cpuIsAmd() {
#if defined(__x86_64__) && defined(__GNUC__)
  static const bool amd = __builtin_cpu_is("amd");
  return amd;
#else
  return false;
#endif
}

/// Whether sets of `lines` lines that differ in the index bits `varying` and
/// lie where the bits of `fixedMask` read given values cover the whole state
/// (they differ in every fixed bit, in every combination: no controls leave
/// lines out) and, each reaching `varying` amplitudes past its first line,
/// are narrow enough (kAddressOrderBytes).
inline bool setsCoverNarrowly(size_t lines, uint64_t varying,
                              uint64_t fixedMask) {
  return lines > 1 && fixedMask == varying &&
         lines == uint64_t(1) << __builtin_popcountll(varying) &&
         lines * varying * sizeof(Amplitude) < kAddressOrderBytes;
}

/// Whether a sweep over such sets prefetches in address order: on AMD
/// (measured above), where they cover the state narrowly.
/// Not on Intel, whose hardware prefetchers follow the sets' lines, so that
/// set by set ran the faster there (Intel Xeon, 24 qubits, set by set / in
/// address order: RX and Hadamard on wires 2 to 9 0.78-0.98 / 0.73-0.76,
/// IsingXX 0.72-0.91 / 0.75-0.87, 2-wire matrices 0.74-0.92 / 0.69-0.74; at
/// 22 qubits even or set by set ahead). The dense kernel for 2-wire matrices
/// takes both orders there, each spread over its steps (DenseGate.cpp).
inline bool prefetchInAddressOrder(size_t lines, uint64_t varying,
                                   uint64_t fixedMask) {
  return cpuIsAmd() && setsCoverNarrowly(lines, varying, fixedMask);
}

/// Calls body(first, length, later, stride) for each run of indices first,
/// first + stride, ... (below first + length) whose bits in `fixedMask` (none
/// of bits 0 and 1) are all 0, in increasing order, `later` as in forEachRun.
/// Where the fixed bits run from bit 2 up, such indices lie a block of
/// 2^(the first free bit) amplitudes apart rather than a line, and a run
/// spans many of them: a sweep over sets of lines close together (the pairs
/// of a 2x2 matrix on wire 2, IsingXX on wires 2 and 3) then loops over long
/// runs instead of runs of one line each (measured on AMD Zen 5 with the
/// state in L3: RX on wire 2 from 0.74 of the stream, where wire 3 ran at
/// 0.90-0.93, to 0.86-0.93).
/// A stride of one line comes as a compile-time constant, for the tighter
/// loop it makes.
template <typename Body>
[[gnu::always_inline]] inline void
forEachStridedRun(int numQubits, uint64_t fixedMask, Body &&body) {
  const size_t stride = kLineAmplitudes << __builtin_ctzll(~(fixedMask >> 2));
  if (stride == kLineAmplitudes) {
    forEachRun(numQubits, fixedMask, kPrefetchAmplitudes,
               [&](size_t first, size_t length, size_t later)
                   __attribute__((always_inline)) {
                     body(first, length, later,
                          std::integral_constant<size_t, kLineAmplitudes>());
                   });
    return;
  }
  forEachRun(numQubits, fixedMask & ~(stride - 1),
             std::max(kPrefetchAmplitudes, stride),
             [&](size_t first, size_t length, size_t later)
                 __attribute__((always_inline)) {
                   body(first, length, later, stride);
                 });
}

/// Prefetches the lines of the state in increasing order, kPrefetchAmplitudes
/// ahead of a sweep that visits every line once, a few at each of its steps.
class AddressOrderPrefetch {
public:
  explicit AddressOrderPrefetch(int numQubits)
      : line_(kPrefetchAmplitudes), size_(dimension(numQubits)) {}

  /// Prefetches the next `count` lines (none of them where they reach past
  /// the state: at most the last step's few lines, not worth a check per
  /// line in every step, which cost a dense 3-wire matrix 5% of its speed
  /// with the state in L2).
  [[gnu::always_inline]] void next(const double *psi, int count) {
    if (line_ + kLineAmplitudes * count <= size_)
      for (int k = 0; k < count; ++k)
        __builtin_prefetch(psi + 2 * line_ + k * kLineDoubles, 1, 2);
    line_ += kLineAmplitudes * count;
  }

private:
  size_t line_, size_;
};

/// Calls body(line, ahead) for each line whose index bits in `fixedMask` (none
/// of bits 0 and 1) read `bits`, in increasing order, with `ahead` the line
/// kPrefetchAmplitudes indices further on in the same order (or `line` near
/// the end). Lines come in an inner loop over each run (forEachStridedRun),
/// the tightest loop for long runs.
template <typename Body>
[[gnu::always_inline]] inline void
forEachLine(int numQubits, uint64_t fixedMask, uint64_t bits, Body &&body) {
  forEachStridedRun(
      numQubits, fixedMask,
      [&](size_t first, size_t length, size_t later, auto stride)
          __attribute__((always_inline)) {
            const size_t start = first | bits, ahead = later | bits;
            for (size_t i = 0; i < length; i += stride)
              body(start + i, ahead + i);
          });
}

/// Calls body(line, ahead) for each line whose index bits in `fixedMask` (none
/// of bits 0 and 1) read `bits`, in increasing order, with `ahead` the line
/// `lookahead` indices further on in the same order (or `line` near the
/// end). Each step carries over the fixed bits (nextLine), which costs the
/// same for every run length: kernels with much work per line gain by it
/// where runs are a line or two, over forEachLine.
template <typename Body>
[[gnu::always_inline]] inline void forEachLineAhead(int numQubits,
                                                    uint64_t fixedMask,
                                                    uint64_t bits,
                                                    size_t lookahead,
                                                    Body &&body) {
  const size_t size = dimension(numQubits);
  size_t ahead = lineAhead(size, fixedMask, lookahead);
  for (size_t line = 0; line < size; line = nextLine(line, fixedMask)) {
    body(line | bits, (ahead < size ? ahead : line) | bits);
    if (ahead < size)
      ahead = nextLine(ahead, fixedMask);
  }
}

/// The dense kernels that step through groups of lines (denseGroups, except
/// where it takes address order on AMD, and denseGroupPairs) prefetch from
/// L2 into L1, step by step, the lines of the step this many bytes on along
/// them (nearLookahead), and leave the prefetching from memory to the
/// hardware (but for 2-wire steps whose lines lie close together, which
/// also prefetch in address order: DenseGate.cpp). Measured on Intel Xeon,
/// each step's prefetches then still all at its start, against
/// the stream (worst / median wire), before (into L2, 32 KiB ahead step by
/// step, or in address order where a 3-wire step's lines lay within 16 KiB,
/// the hardware alone for wider 3-wire steps) and after: at 24 and 26
/// qubits, 2-wire matrices 0.76 / 0.91 and 0.72 / 0.91 -> 0.80 / 1.04 and
/// 0.80 / 1.03, 3-wire 0.58 / 0.76 and 0.57 / 0.74 -> 0.76 / 0.95 and
/// 0.75 / 0.96, 4-wire 0.39 / 0.56 and 0.40 / 0.49 -> 0.41 / 0.56 and
/// 0.44 / 0.57; with the state in L3 (22 qubits), 2-wire 0.78 / 0.85 ->
/// 0.73 / 0.92, 3-wire 0.49 / 0.65 -> 0.53 / 0.72; 5-wire about even. 1 KiB
/// on ran like 2 KiB, 4 KiB lower (3-wire, wires 0-5 at 24 qubits, by
/// 0.05-0.15); the prefetch into L2 beside this one ran as that one alone.
/// (The hardware prefetchers keep up with a sweep this busy; it is the wait
/// for L2 that held the multiply-adds back.)
constexpr size_t kNearBytes = 2048;

/// At most this much of the L1 cache holds lines prefetched for steps to
/// come: a step of 32 lines (a 4-wire matrix) prefetches 1 KiB on along its
/// lines, one of 64 lines 512 bytes.
constexpr size_t kNearLimitBytes = size_t(32) << 10;

/// The lookahead (for forEachLineAhead) of the step kNearBytes on along the
/// lines of a sweep over steps of `linesPerStep` lines that differ in, or
/// hold, the bits of `fixedMask`: as many steps as start within kNearBytes
/// (one for each setting there of the bits not fixed), at least one; at
/// most kNearLimitBytes of lines ahead.
inline size_t nearLookahead(uint64_t fixedMask, size_t linesPerStep) {
  constexpr size_t kLineBytes = kLineAmplitudes * sizeof(Amplitude);
  constexpr uint64_t kNearIndexBits = kNearBytes / sizeof(Amplitude) - 1;
  const size_t steps =
      std::min((kNearBytes / kLineBytes) >>
                   __builtin_popcountll(fixedMask & kNearIndexBits),
               kNearLimitBytes / (linesPerStep * kLineBytes));
  return std::max<size_t>(steps, 1) * kLineAmplitudes;
}

/// updateLineSets with its prefetch order fixed at compile time: with both
/// orders in one loop, GCC's code for the set-by-set one ran slower than
/// alone (Intel Xeon, 24 qubits, RX on wires 2, 6 and 7: 0.70-0.75 of the
/// stream against 0.80-0.90).
template <bool InAddressOrder, int N, typename Update>
[[gnu::always_inline]] inline void
updateLineSetsInOrder(double *psi, int numQubits, uint64_t fixedMask,
                      const uint64_t (&bits)[N], Update &&update) {
  AddressOrderPrefetch ahead(numQubits);
  forEachStridedRun(
      numQubits, fixedMask,
      [&](size_t first, size_t length, size_t later, auto stride)
          __attribute__((always_inline)) {
            double *p[N];
            const double *q[N];
            for (int k = 0; k < N; ++k) {
              p[k] = psi + 2 * (first | bits[k]);
              q[k] = psi + 2 * (later | bits[k]);
            }
            for (size_t i = 0; i < 2 * length; i += 2 * stride) {
              Line lines[N];
              if constexpr (InAddressOrder)
                ahead.next(psi, N);
              else
#pragma GCC unroll 4
                for (int k = 0; k < N; ++k)
                  __builtin_prefetch(q[k] + i, 1, 2);
#pragma GCC unroll 4
              for (int k = 0; k < N; ++k)
                lines[k] = load(p[k] + i);
              update(lines);
#pragma GCC unroll 4
              for (int k = 0; k < N; ++k)
                store(p[k] + i, lines[k]);
            }
          });
}

/// Calls update(lines) on each set of N lines whose index bits in `fixedMask`
/// (none of bits 0 and 1) read bits[0], ..., bits[N - 1] and agree elsewhere,
/// lines[k] the one that reads bits[k]; update replaces them in place.
/// Where the sets (of more than one line) cover the whole state and are
/// narrow enough, the state is prefetched in address order.
template <int N, typename Update>
[[gnu::always_inline]] inline void
updateLineSets(double *psi, int numQubits, uint64_t fixedMask,
               const uint64_t (&bits)[N], Update &&update) {
  uint64_t varying = 0;
  for (int k = 0; k < N; ++k)
    varying |= bits[k] ^ bits[0];
  if (prefetchInAddressOrder(N, varying, fixedMask))
    updateLineSetsInOrder<true>(psi, numQubits, fixedMask, bits, update);
  else
    updateLineSetsInOrder<false>(psi, numQubits, fixedMask, bits, update);
}

/// Calls update(line) on every line whose index bits in `fixedMask` (none of
/// bits 0 and 1) read `bits`; update replaces it in place.
template <typename Update>
[[gnu::always_inline]] inline void updateLines(double *psi, int numQubits,
                                               uint64_t fixedMask,
                                               uint64_t bits, Update &&update) {
  updateLineSets<1>(
      psi, numQubits, fixedMask,
      {bits}, [&](Line(&lines)[1]) __attribute__((always_inline)) {
        update(lines[0]);
      });
}

/// Partner lines this many bytes apart, or a multiple of it, evict each other
/// from the L1 data cache of AMD Zen cores: its way predictor tags a line with
/// a hash of linear address bits 12 to 27 only, and keeps one line per tag and
/// set. Updating such partners in one loop refetches lines for the stores;
/// measured on Zen 4, it runs at under half of the memory bandwidth. Intel
/// cores have no such aliasing, and there the staged loop is the slower one
/// (Intel Xeon, 26 qubits, PauliX on wires 24 and 25: 0.64 of the stream
/// staged, where wires 20 to 23 run at 0.93-0.94 in one loop).
constexpr size_t kAliasingBytes = size_t(1) << 28;

/// Lines per chunk of updateStagedPartners. Measured on AMD Zen 4, 512-byte
/// chunks run at the speed of a plain stream, 256-byte and 1-KiB ones at half
/// of it (presumably as the core then runs ahead into a chunk's a lines while
/// its b lines are still in flight).
constexpr size_t kStagedChunkLines = 8;

/// updatePartners for partners whose lines alias (kAliasingBytes). The b lines
/// go through a small buffer, chunk by chunk: one pass stages this chunk's b
/// lines and writes back the previous chunk's results, bypassing the caches
/// (those lines were evicted by their a partners: a normal store would fetch
/// them again), the next updates this chunk's a lines against the staged copy.
/// Chunks follow the a lines across runs, so short runs make full chunks too.
template <typename Update>
[[gnu::always_inline]] inline void
updateStagedPartners(double *psi, int numQubits, int target,
                     uint64_t highControls, Update &&update) {
  const size_t size = dimension(numQubits);
  const uint64_t fixed = highControls | bit(target);
  auto aLine = [&](size_t i) { return psi + 2 * (i | highControls); };
  auto bLine = [&](size_t i) {
    return psi + 2 * (i | highControls | bit(target));
  };
  const size_t numLines =
      (size >> __builtin_popcountll(fixed)) / kLineAmplitudes;
  const size_t chunk = std::min(numLines, kStagedChunkLines);
  alignas(64) double buffer[kLineDoubles * kStagedChunkLines];
  // Address the buffer through a general register: relative to the stack
  // pointer, its accesses made the loops run at half speed (measured, Zen 4).
  double *staged = buffer;
  asm("" : "+r"(staged));
  size_t ahead = lineAhead(size, fixed); // the a line to prefetch
  size_t previous = size; // first a line of the chunk whose results are staged
  for (size_t first = 0; first < size;) {
    size_t line = first, back = previous;
    for (size_t k = 0; k < chunk; ++k, line = nextLine(line, fixed)) {
      if (ahead < size) {
        __builtin_prefetch(aLine(ahead), 1, 2);
        __builtin_prefetch(bLine(ahead), 1, 2);
        ahead = nextLine(ahead, fixed);
      }
      const Line next = load(bLine(line));
      if (back < size) {
        streamStore(bLine(back), load(staged + kLineDoubles * k));
        back = nextLine(back, fixed);
      }
      store(staged + kLineDoubles * k, next);
    }
    line = first;
    for (size_t k = 0; k < chunk; ++k, line = nextLine(line, fixed)) {
      Line a = load(aLine(line)), b = load(staged + kLineDoubles * k);
      update(a, b);
      store(aLine(line), a);
      store(staged + kLineDoubles * k, b);
    }
    previous = first;
    first = line;
  }
  for (size_t k = 0, line = previous; k < chunk;
       ++k, line = nextLine(line, fixed))
    store(bLine(line), load(staged + kLineDoubles * k));
  streamFence();
}

/// Calls update(a, b) on each pair of lines a and b whose index bits in
/// `fixedMask` (none of bits 0 and 1) read `aBits` and `bBits` and agree
/// elsewhere; update replaces them in place.
template <typename Update>
[[gnu::always_inline]] inline void
updateLinePairs(double *psi, int numQubits, uint64_t fixedMask, uint64_t aBits,
                uint64_t bBits, Update &&update) {
  updateLineSets<2>(
      psi, numQubits, fixedMask,
      {aBits, bBits}, [&](Line(&lines)[2]) __attribute__((always_inline)) {
        update(lines[0], lines[1]);
      });
}

/// Calls update(a, b) on each pair of partner lines, a with bit `target`
/// (>= 2) = 0 and b with it = 1, wherever the bits of highControls (none of
/// bits 0 and 1) are 1; update replaces them in place.
template <typename Update>
[[gnu::always_inline]] inline void
updatePartners(double *psi, int numQubits, int target, uint64_t highControls,
               Update &&update) {
  if (cpuIsAmd() &&
      dimension(target) * sizeof(Amplitude) % kAliasingBytes == 0) {
    updateStagedPartners(psi, numQubits, target, highControls, update);
    return;
  }
  updateLinePairs(psi, numQubits, highControls | bit(target), highControls,
                  highControls | bit(target), update);
}

} // namespace cotangent::runtime::kernels::sweeps

#endif // COTANGENT_RUNTIME_LINESWEEPS_H
