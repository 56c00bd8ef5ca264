//===- StateVector.cpp - State-vector kernels -----------------------------===//
//
// How the hot kernels vectorise: std::complex multiplication does not (without
// -ffast-math it must handle infinities), so complex arithmetic is spelled out
// on the interleaved (re, im) doubles. applyControlled uses explicit vectors of
// one cache line (Line); applyPhases is scalar code over fixed blocks that the
// compiler unrolls into vector code. Both are compiled once per CPU level
// (TargetClones.h). The observable and measurement helpers at the end are
// plain loops: they run once per result, not once per gate.
//
//===----------------------------------------------------------------------===//

#include "StateVector.h"

#include "TargetClones.h"

#include <algorithm>
#include <cstddef>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <utility>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

using std::size_t;

size_t dimension(int numQubits) { return size_t(1) << numQubits; }
uint64_t bit(int64_t position) { return uint64_t(1) << position; }
double *components(Amplitude *state) {
  return reinterpret_cast<double *>(state);
}
const double *components(const Amplitude *state) {
  return reinterpret_cast<const double *>(state);
}

/// Calls body(first, length, later) for each maximal run of consecutive indices
/// whose bits in `fixedMask` are all 0, in increasing index order. A run is as
/// long as the lowest fixed bit allows (the whole state if there is none), so
/// the body's inner loop is as long and as contiguous as the gate's wires
/// permit. `later` is the first index of the run about `lookahead` indices
/// further on, to prefetch (without lookahead, and near the end: `first`).
template <typename Body>
[[gnu::always_inline]] inline void forEachRun(int numQubits, uint64_t fixedMask,
                                              size_t lookahead, Body &&body) {
  const size_t size = dimension(numQubits);
  const size_t runLength =
      fixedMask ? size_t(1) << __builtin_ctzll(fixedMask) : size;
  // The run after the one at `first`: set the fixed bits and those inside the
  // run, add one (carrying over them), and clear the fixed bits again.
  const uint64_t carryBits = fixedMask | (runLength - 1);
  auto next = [&](size_t first) {
    return ((first | carryBits) + 1) & ~fixedMask;
  };
  size_t later = 0;
  for (size_t ahead = 0; ahead < lookahead && later < size; ahead += runLength)
    later = next(later);
  for (size_t first = 0; first < size; first = next(first)) {
    body(first, runLength, later < size ? later : first);
    later = later < size ? next(later) : later;
  }
}

/// How many indices ahead to prefetch (into L2) when a gate works on runs of
/// `runLength` amplitudes, 0 for not at all. The hardware prefetchers keep up
/// with runs of 64 KiB and more, and with runs of a few lines that together
/// form one contiguous sweep (a gate's partner runs); in between, and when
/// controls leave gaps between the runs, they fall behind. Measured on AMD Zen
/// 4, prefetching these cases 8 KiB ahead gains up to a factor of two, while
/// on the other runs it costs more than it gains.
size_t prefetchLookahead(size_t runLength, bool gaps) {
  const size_t shortest = gaps ? 4 : 32; // one line, or eight
  return runLength >= shortest && runLength < 4096 ? 512 : 0;
}

/// One 64-byte cache line of amplitudes as (re, im, re, im, ...): the four
/// indices that differ only in bits 0 and 1, lane j holding the one whose two
/// low bits are j. Explicit vectors let a complex product be two
/// multiply-adds and an in-lane swap, where auto-vectorised scalar code would
/// de-interleave real and imaginary parts with costlier shuffles. The target
/// clones compile the same code to one AVX-512, two AVX2 or four SSE2
/// registers.
typedef double Line __attribute__((vector_size(64)));
// Lines pass by value only between internal, inlined functions, so the ABI
// warning GCC gives for them in the clones without AVX-512 does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
constexpr size_t kLineAmplitudes = 4;
constexpr uint64_t kInLineBits = kLineAmplitudes - 1;
constexpr size_t kLineDoubles = 2 * kLineAmplitudes;

[[gnu::always_inline]] inline Line load(const double *p) {
  Line v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
[[gnu::always_inline]] inline void store(double *p, const Line &v) {
  __builtin_memcpy(p, &v, sizeof v);
}
/// A store that bypasses the caches, so the line is not fetched for it
/// (a plain store on CPUs without SSE2). Callers end with streamFence.
[[gnu::always_inline]] inline void streamStore(double *p, const Line &v) {
#ifdef __SSE2__
  for (int k = 0; k < 8; k += 2) // SSE2 is in every target clone
    _mm_stream_pd(p + k, _mm_set_pd(v[k + 1], v[k]));
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
[[gnu::always_inline]] inline Line swapParts(const Line &v) {
  return __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6);
}
/// Each amplitude replaced by the one whose index differs in bit `Bit` (0 or
/// 1).
template <int Bit>
[[gnu::always_inline]] inline Line partnersInLine(const Line &v) {
  if constexpr (Bit == 0)
    return __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);
  else
    return __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3);
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

bool isPauliX(const Amplitude m[4]) {
  return m[0] == 0.0 && m[1] == 1.0 && m[2] == 1.0 && m[3] == 0.0;
}

/// Amplitudes per block in applyPhases: 128 bytes, two cache lines.
constexpr size_t kPhaseBlock = 8;

/// Multiplies block after block of `block` amplitudes by per-index factors:
/// amplitude base + j gets factors[p][j], p being the parity of base's bits in
/// highParity; blocks missing a bit of highControls are left alone. Plain
/// scalar code: with a constant block the compiler unrolls it into vector
/// code of the widest width, faster here than explicit vectors (measured).
[[gnu::always_inline]] inline void
multiplyBlocks(double *state, size_t size, size_t block, uint64_t highControls,
               uint64_t highParity, const double (*factors)[2 * kPhaseBlock]) {
  for (size_t base = 0; base < size; base += block) {
    if ((base & highControls) != highControls)
      continue;
    const double *f = factors[__builtin_parityll(base & highParity)];
    double *p = state + 2 * base;
    for (size_t j = 0; j < block; ++j) {
      const double re = p[2 * j], im = p[2 * j + 1];
      p[2 * j] = re * f[2 * j] - im * f[2 * j + 1];
      p[2 * j + 1] = re * f[2 * j + 1] + im * f[2 * j];
    }
  }
}

/// Calls update(line) on every line whose index has the bits of highControls
/// (none of bits 0 and 1) set; update replaces it in place.
template <typename Update>
[[gnu::always_inline]] inline void updateLines(double *psi, int numQubits,
                                               uint64_t highControls,
                                               Update &&update) {
  const size_t runLength = highControls
                               ? size_t(1) << __builtin_ctzll(highControls)
                               : dimension(numQubits);
  const size_t lookahead = prefetchLookahead(runLength, highControls != 0);
  forEachRun(numQubits, highControls, lookahead,
             [&](size_t first, size_t length, size_t later)
                 __attribute__((always_inline)) {
                   double *p = psi + 2 * (first | highControls);
                   const double *q = psi + 2 * (later | highControls);
                   for (size_t i = 0; i < 2 * length; i += kLineDoubles) {
                     if (lookahead)
                       __builtin_prefetch(q + i, 1, 2);
                     Line v = load(p + i);
                     update(v);
                     store(p + i, v);
                   }
                 });
}

/// Partner lines this many bytes apart, or a multiple of it, evict each other
/// from the L1 data cache of AMD Zen cores: its way predictor tags a line with
/// a hash of linear address bits 12 to 27 only, and keeps one line per tag and
/// set. Updating such partners in one loop refetches lines for the stores;
/// measured on Zen 4, it runs at under half of the memory bandwidth.
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
  // The a line after the one at index i: the carry trick of forEachRun.
  auto nextLine = [&](size_t i) {
    return ((i | fixed | kInLineBits) + 1) & ~fixed;
  };
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
  const size_t lookahead =
      prefetchLookahead(size_t(1) << __builtin_ctzll(fixed), highControls != 0);
  size_t ahead =
      0; // the line `lookahead` indices of a lines ahead, to prefetch
  for (size_t skipped = 0; skipped < lookahead && ahead < size;
       skipped += kLineAmplitudes)
    ahead = nextLine(ahead);
  size_t previous = size; // first a line of the chunk whose results are staged
  for (size_t first = 0; first < size;) {
    size_t line = first, back = previous;
    for (size_t k = 0; k < chunk; ++k, line = nextLine(line)) {
      if (lookahead && ahead < size) {
        __builtin_prefetch(aLine(ahead), 1, 2);
        __builtin_prefetch(bLine(ahead), 1, 2);
        ahead = nextLine(ahead);
      }
      const Line next = load(bLine(line));
      if (back < size) {
        streamStore(bLine(back), load(staged + kLineDoubles * k));
        back = nextLine(back);
      }
      store(staged + kLineDoubles * k, next);
    }
    line = first;
    for (size_t k = 0; k < chunk; ++k, line = nextLine(line)) {
      Line a = load(aLine(line)), b = load(staged + kLineDoubles * k);
      update(a, b);
      store(aLine(line), a);
      store(staged + kLineDoubles * k, b);
    }
    previous = first;
    first = line;
  }
  for (size_t k = 0, line = previous; k < chunk; ++k, line = nextLine(line))
    store(bLine(line), load(staged + kLineDoubles * k));
  streamFence();
}

/// Calls update(a, b) on each pair of partner lines, a with bit `target`
/// (>= 2) = 0 and b with it = 1, wherever the bits of highControls (none of
/// bits 0 and 1) are 1; update replaces them in place.
template <typename Update>
[[gnu::always_inline]] inline void
updatePartners(double *psi, int numQubits, int target, uint64_t highControls,
               Update &&update) {
  const size_t stride = dimension(target);
  if (stride * sizeof(Amplitude) % kAliasingBytes == 0) {
    updateStagedPartners(psi, numQubits, target, highControls, update);
    return;
  }
  const uint64_t fixed = highControls | bit(target);
  const size_t lookahead =
      prefetchLookahead(size_t(1) << __builtin_ctzll(fixed), highControls != 0);
  forEachRun(numQubits, fixed, lookahead,
             [&](size_t first, size_t length, size_t later)
                 __attribute__((always_inline)) {
                   double *pa = psi + 2 * (first | highControls),
                          *pb = pa + 2 * stride;
                   const double *qa = psi + 2 * (later | highControls),
                                *qb = qa + 2 * stride;
                   for (size_t i = 0; i < 2 * length; i += kLineDoubles) {
                     if (lookahead) {
                       __builtin_prefetch(qa + i, 1, 2);
                       __builtin_prefetch(qb + i, 1, 2);
                     }
                     Line a = load(pa + i), b = load(pb + i);
                     update(a, b);
                     store(pa + i, a);
                     store(pb + i, b);
                   }
                 });
}

} // namespace

COT_TARGET_CLONES
void applyControlled(Amplitude *state, int numQubits, int target,
                     uint64_t controls, const Amplitude m[4]) {
  if (numQubits < 2) { // smaller than a line: act on a zero-padded copy
    Amplitude padded[kLineAmplitudes] = {};
    std::copy(state, state + dimension(numQubits), padded);
    applyControlled(padded, 2, target, controls, m);
    std::copy(padded, padded + dimension(numQubits), state);
    return;
  }
  // Controls on bits 0 and 1 select lanes within each line: the others get
  // the identity (their cache line is read and written either way). Higher
  // controls select lines.
  const uint64_t inLineControls = controls & kInLineBits,
                 highControls = controls & ~kInLineBits;
  auto entry = [&](size_t lane, int row, int column) {
    if ((lane & inLineControls) != inLineControls)
      return Amplitude(row == column ? 1.0 : 0.0);
    return m[2 * row + column];
  };
  if (target < 2) {
    // v <- d v + o partner(v), (d, o) = (m0, m1) where the target bit is 0
    // and (m3, m2) where it is 1.
    const Factors d = laneFactors([&](size_t j) {
      const int row = (j >> target) & 1;
      return entry(j, row, row);
    });
    const Factors o = laneFactors([&](size_t j) {
      const int row = (j >> target) & 1;
      return entry(j, row, 1 - row);
    });
    double *psi = components(state);
    if (target == 0)
      updateLines(psi, numQubits, highControls,
                  [&](Line &v) __attribute__((always_inline)) {
                    v = times(d, v) + times(o, partnersInLine<0>(v));
                  });
    else
      updateLines(psi, numQubits, highControls,
                  [&](Line &v) __attribute__((always_inline)) {
                    v = times(d, v) + times(o, partnersInLine<1>(v));
                  });
    return;
  }
  double *psi = components(state);
  if (isPauliX(m) &&
      !inLineControls) { // CNOT, Toffoli: a pure exchange, no arithmetic
    updatePartners(psi, numQubits, target, highControls,
                   [](Line &a, Line &b)
                       __attribute__((always_inline)) { std::swap(a, b); });
    return;
  }
  const Factors a0 = laneFactors([&](size_t j) { return entry(j, 0, 0); });
  const Factors a1 = laneFactors([&](size_t j) { return entry(j, 0, 1); });
  const Factors b0 = laneFactors([&](size_t j) { return entry(j, 1, 0); });
  const Factors b1 = laneFactors([&](size_t j) { return entry(j, 1, 1); });
  updatePartners(psi, numQubits, target, highControls,
                 [&](Line &a, Line &b) __attribute__((always_inline)) {
                   const Line newA = times(a0, a) + times(a1, b);
                   b = times(b0, a) + times(b1, b);
                   a = newA;
                 });
}

COT_TARGET_CLONES
void applyPhases(Amplitude *state, int numQubits, uint64_t controls,
                 uint64_t parityBits, Amplitude even, Amplitude odd) {
  if (even == 1.0 && odd == 1.0)
    return;
  // Within a block the factor depends on the low bits of the index (a table)
  // and on the parity of the high bits (one of two tables).
  const size_t size = dimension(numQubits);
  const size_t block = std::min(size, kPhaseBlock);
  const uint64_t low = block - 1;
  double table[2][2 * kPhaseBlock];
  for (int highParity = 0; highParity < 2; ++highParity)
    for (size_t j = 0; j < block; ++j) {
      Amplitude f = 1.0;
      if ((j & controls & low) == (controls & low))
        f = (highParity ^ __builtin_parityll(j & parityBits)) ? odd : even;
      table[highParity][2 * j] = f.real();
      table[highParity][2 * j + 1] = f.imag();
    }
  double *psi = components(state);
  if (block ==
      kPhaseBlock) // a constant block length unrolls into straight vector code
    multiplyBlocks(psi, size, kPhaseBlock, controls & ~low, parityBits & ~low,
                   table);
  else
    multiplyBlocks(psi, size, block, controls & ~low, parityBits & ~low, table);
}

COT_TARGET_CLONES
void applyDense(Amplitude *state, int numQubits, const int64_t *wires,
                int numWires, const Amplitude *matrix) {
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
  double *psi = components(state);
  const double *m = components(matrix);
  forEachRun(numQubits, wireMask, 0, [&](size_t first, size_t length, size_t) {
    for (size_t base = first; base < first + length; ++base) {
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

Amplitude pauliBilinear(const Amplitude *bra, const Amplitude *ket,
                        int numQubits, uint64_t controls, uint64_t xBits,
                        uint64_t zBits) {
  // sum over b with the controls set of conj(bra[b ^ x]) (-1)^|b & z| ket[b]
  const double *p = components(ket), *q = components(bra);
  double re = 0, im = 0;
  for (size_t b = 0, size = dimension(numQubits); b < size; ++b) {
    if ((b & controls) != controls)
      continue;
    const double sign = __builtin_parityll(b & zBits) ? -1.0 : 1.0;
    const double *k = p + 2 * b, *c = q + 2 * (b ^ xBits);
    re += sign * (c[0] * k[0] + c[1] * k[1]);
    im += sign * (c[0] * k[1] - c[1] * k[0]);
  }
  return {re, im};
}

Amplitude undoTargetGate(Amplitude *psi, Amplitude *lambda, int numQubits,
                         int target, uint64_t controls, const Amplitude m[4],
                         const Amplitude g[4]) {
  // Plain real arithmetic: std::complex products would check for NaNs.
  struct C {
    double re, im;
  };
  auto c = [](Amplitude a) { return C{a.real(), a.imag()}; };
  const C m0 = c(m[0]), m1 = c(m[1]), m2 = c(m[2]), m3 = c(m[3]);
  const C g0 = c(g[0]), g1 = c(g[1]), g2 = c(g[2]), g3 = c(g[3]);
  auto mul = [](C a, C b) {
    return C{a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  };
  auto add = [](C a, C b) { return C{a.re + b.re, a.im + b.im}; };
  double *p = components(psi), *l = components(lambda);
  const uint64_t partner = bit(target);
  double re = 0, im = 0;
  forEachRun(
      numQubits, partner | controls, 0,
      [&](size_t first, size_t length, size_t) {
        for (size_t i = first | controls, end = i + length; i < end; ++i) {
          const size_t j = i | partner;
          const C p0{p[2 * i], p[2 * i + 1]}, p1{p[2 * j], p[2 * j + 1]};
          const C l0{l[2 * i], l[2 * i + 1]}, l1{l[2 * j], l[2 * j + 1]};
          // conj(l0) (g p)_0 + conj(l1) (g p)_1
          const C gp0 = add(mul(g0, p0), mul(g1, p1));
          const C gp1 = add(mul(g2, p0), mul(g3, p1));
          re +=
              l0.re * gp0.re + l0.im * gp0.im + l1.re * gp1.re + l1.im * gp1.im;
          im +=
              l0.re * gp0.im - l0.im * gp0.re + l1.re * gp1.im - l1.im * gp1.re;
          const C q0 = add(mul(m0, p0), mul(m1, p1));
          const C q1 = add(mul(m2, p0), mul(m3, p1));
          const C k0 = add(mul(m0, l0), mul(m1, l1));
          const C k1 = add(mul(m2, l0), mul(m3, l1));
          p[2 * i] = q0.re, p[2 * i + 1] = q0.im;
          p[2 * j] = q1.re, p[2 * j + 1] = q1.im;
          l[2 * i] = k0.re, l[2 * i + 1] = k0.im;
          l[2 * j] = k1.re, l[2 * j + 1] = k1.im;
        }
      });
  return {re, im};
}

Amplitude givensBilinear(const Amplitude *bra, const Amplitude *ket,
                         int numQubits, const int64_t *wires, int numWires,
                         size_t low, size_t high) {
  // The bits that turn basis state `low` of the wires into `high`.
  uint64_t flip = 0;
  for (int w = 0; w < numWires; ++w)
    if (((low ^ high) >> (numWires - 1 - w)) & 1)
      flip |= bit(wires[w]);
  Amplitude sum = 0;
  for (size_t b = 0, size = dimension(numQubits); b < size; ++b)
    if (gatherBits(b, wires, numWires) == low) {
      const size_t partner = b ^ flip;
      sum +=
          std::conj(bra[partner]) * ket[b] - std::conj(bra[b]) * ket[partner];
    }
  return Amplitude(0, 1) * sum;
}

void addPauliProduct(Amplitude *out, const Amplitude *state, int numQubits,
                     uint64_t xBits, uint64_t zBits, Amplitude coefficient) {
  for (size_t b = 0, size = dimension(numQubits); b < size; ++b)
    out[b ^ xBits] +=
        (__builtin_parityll(b & zBits) ? -coefficient : coefficient) * state[b];
}

Amplitude innerProduct(const Amplitude *a, const Amplitude *b, int numQubits) {
  Amplitude sum = 0;
  for (size_t i = 0, size = dimension(numQubits); i < size; ++i)
    sum += std::conj(a[i]) * b[i];
  return sum;
}

void marginalProbabilities(const Amplitude *state, int numQubits,
                           const int64_t *wires, int numWires, double *out) {
  std::fill(out, out + dimension(numWires), 0.0);
  for (size_t b = 0, size = dimension(numQubits); b < size; ++b)
    out[gatherBits(b, wires, numWires)] += std::norm(state[b]);
}

double probabilityOfOne(const Amplitude *state, int numQubits, int wire) {
  double sum = 0;
  forEachRun(numQubits, bit(wire), 0, [&](size_t first, size_t length, size_t) {
    for (size_t i = first | bit(wire); i < (first | bit(wire)) + length; ++i)
      sum += std::norm(state[i]);
  });
  return sum;
}

void collapse(Amplitude *state, int numQubits, int wire, bool outcome,
              double scale) {
  forEachRun(numQubits, bit(wire), 0, [&](size_t first, size_t length, size_t) {
    Amplitude *zero = state + first, *one = state + (first | bit(wire));
    Amplitude *kept = outcome ? one : zero, *dropped = outcome ? zero : one;
    std::fill(dropped, dropped + length, Amplitude(0));
    for (size_t i = 0; i < length; ++i)
      kept[i] *= scale;
  });
}

} // namespace cotangent::runtime::kernels
