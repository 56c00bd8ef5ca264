//===- StateVector.cpp - State-vector kernels -----------------------------===//
//
// How the hot kernels vectorise: std::complex multiplication does not (without
// -ffast-math it must handle infinities), so complex arithmetic is spelled out
// on the interleaved (re, im) doubles. applyControlled uses explicit vectors of
// two amplitudes (Pair); applyPhases is scalar code over fixed blocks that the
// compiler unrolls into vector code. Both are compiled once per CPU level
// (TargetClones.h). The observable and measurement helpers at the end are
// plain loops: they run once per result, not once per gate.
//
//===----------------------------------------------------------------------===//

#include "StateVector.h"

#include "TargetClones.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

using std::size_t;

size_t dimension(int numQubits) { return size_t(1) << numQubits; }
uint64_t bit(int64_t position) { return uint64_t(1) << position; }
double *components(Amplitude *state) { return reinterpret_cast<double *>(state); }
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
[[gnu::always_inline]] inline void forEachRun(int numQubits, uint64_t fixedMask, size_t lookahead,
                                              Body &&body) {
  const size_t size = dimension(numQubits);
  const size_t runLength = fixedMask ? size_t(1) << __builtin_ctzll(fixedMask) : size;
  // The run after the one at `first`: set the fixed bits and those inside the
  // run, add one (carrying over them), and clear the fixed bits again.
  const uint64_t carryBits = fixedMask | (runLength - 1);
  auto next = [&](size_t first) { return ((first | carryBits) + 1) & ~fixedMask; };
  size_t later = 0;
  for (size_t ahead = 0; ahead < lookahead && later < size; ahead += runLength)
    later = next(later);
  for (size_t first = 0; first < size; first = next(first)) {
    body(first, runLength, later < size ? later : first);
    later = later < size ? next(later) : later;
  }
}

/// How many indices ahead to prefetch when a gate works on runs of
/// `runLength` amplitudes and their partners, 0 for not at all. The hardware
/// prefetchers keep up with runs of 64 KiB and more, and with short runs that
/// together form one contiguous sweep; in between, each run looks to them like
/// a new short stream, more so when controls leave gaps between the runs.
/// Measured on AMD Zen 4: prefetching these cases doubles the bandwidth of
/// mid-range wires, while on shorter runs it costs more than it gains.
size_t prefetchLookahead(size_t runLength, bool gaps) {
  const size_t shortest = gaps ? 8 : 32; // 128 or 512 bytes
  return runLength >= shortest && runLength < 4096 ? 256 : 0;
}

// Pair is passed by value only between internal, inlined functions, so the
// ABI note GCC gives for 32-byte vectors in the non-AVX clone does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

/// Two amplitudes as (re, im, re, im). Explicit vectors let a complex product
/// be two multiply-adds and an in-lane swap, where auto-vectorised scalar code
/// would de-interleave real and imaginary parts with costlier shuffles. The
/// target clones compile the same code to AVX2/AVX-512 (VL) or SSE2 pairs.
typedef double Pair __attribute__((vector_size(32)));

Pair load(const double *p) {
  Pair v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
void store(double *p, Pair v) { __builtin_memcpy(p, &v, sizeof v); }
/// (re, im) -> (im, re) in each amplitude.
Pair swapParts(Pair v) { return __builtin_shufflevector(v, v, 1, 0, 3, 2); }
/// Exchanges the two amplitudes.
Pair swapAmplitudes(Pair v) { return __builtin_shufflevector(v, v, 2, 3, 0, 1); }

/// Factors f (first amplitude) and g (second) prepared so that
/// f*v = re*v + im*swapParts(v): re = (fr, fr, gr, gr), im = (-fi, fi, -gi, gi).
struct Factors {
  Pair re, im;
};
Factors factors(Amplitude f, Amplitude g) {
  return {Pair{f.real(), f.real(), g.real(), g.real()},
          Pair{-f.imag(), f.imag(), -g.imag(), g.imag()}};
}
[[gnu::always_inline]] inline Pair times(const Factors &f, Pair v) {
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
/// code of the widest width, faster here than Pair arithmetic (measured).
[[gnu::always_inline]] inline void multiplyBlocks(double *state, size_t size, size_t block,
                                                  uint64_t highControls, uint64_t highParity,
                                                  const double (*factors)[2 * kPhaseBlock]) {
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

/// Calls update(a, b) on vectors of partner amplitudes, a with bit `target`
/// = 0 and b with it = 1, wherever the bits of highControls are 1; update
/// replaces them in place.
template <typename Update>
[[gnu::always_inline]] inline void updatePartners(double *psi, int numQubits, int target,
                                                  uint64_t highControls, Update &&update) {
  const size_t stride = dimension(target);
  const uint64_t fixed = highControls | bit(target);
  const size_t lookahead =
      prefetchLookahead(size_t(1) << __builtin_ctzll(fixed), highControls != 0);
  forEachRun(numQubits, fixed, lookahead,
             [&](size_t first, size_t length, size_t later) __attribute__((always_inline)) {
               double *pa = psi + 2 * (first | highControls), *pb = pa + 2 * stride;
               const double *qa = psi + 2 * (later | highControls), *qb = qa + 2 * stride;
               for (size_t i = 0; i < 2 * length; i += 4) {
                 if (lookahead) {
                   __builtin_prefetch(qa + i, 1, 2);
                   __builtin_prefetch(qb + i, 1, 2);
                 }
                 Pair a = load(pa + i), b = load(pb + i);
                 update(a, b);
                 store(pa + i, a);
                 store(pb + i, b);
               }
             });
}

} // namespace

COT_TARGET_CLONES
void applyControlled(Amplitude *state, int numQubits, int target, uint64_t controls,
                     const Amplitude m[4]) {
  // Vectors hold the amplitudes of index bit 0 = 0 and 1. A control on bit 0
  // is applied by giving the uncontrolled amplitude identity factors (its
  // cache line is read and written either way); the other controls select
  // runs of indices.
  double *psi = components(state);
  const uint64_t highControls = controls & ~uint64_t(1);
  const bool lowControl = controls & 1;
  if (target == 0) {
    // Each vector is a pair (a, b): (a, b) <- (m0 a + m1 b, m2 a + m3 b).
    const Factors diagonal = factors(m[0], m[3]), offDiagonal = factors(m[1], m[2]);
    forEachRun(numQubits, highControls, 0,
               [&](size_t first, size_t length, size_t) __attribute__((always_inline)) {
                 double *p = psi + 2 * (first | highControls);
                 for (size_t i = 0; i < 2 * length; i += 4) {
                   const Pair v = load(p + i);
                   store(p + i, times(diagonal, v) + times(offDiagonal, swapAmplitudes(v)));
                 }
               });
    return;
  }
  if (isPauliX(m) && !lowControl) { // CNOT, Toffoli: a pure exchange, no arithmetic
    updatePartners(psi, numQubits, target, highControls,
                   [](Pair &a, Pair &b) __attribute__((always_inline)) { std::swap(a, b); });
    return;
  }
  const Amplitude one = 1.0, zero = 0.0;
  const Factors a0 = factors(lowControl ? one : m[0], m[0]);
  const Factors a1 = factors(lowControl ? zero : m[1], m[1]);
  const Factors b0 = factors(lowControl ? zero : m[2], m[2]);
  const Factors b1 = factors(lowControl ? one : m[3], m[3]);
  updatePartners(psi, numQubits, target, highControls,
                 [&](Pair &a, Pair &b) __attribute__((always_inline)) {
                   const Pair newA = times(a0, a) + times(a1, b);
                   b = times(b0, a) + times(b1, b);
                   a = newA;
                 });
}

COT_TARGET_CLONES
void applyPhases(Amplitude *state, int numQubits, uint64_t controls, uint64_t parityBits,
                 Amplitude even, Amplitude odd) {
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
  if (block == kPhaseBlock) // a constant block length unrolls into straight vector code
    multiplyBlocks(psi, size, kPhaseBlock, controls & ~low, parityBits & ~low, table);
  else
    multiplyBlocks(psi, size, block, controls & ~low, parityBits & ~low, table);
}

COT_TARGET_CLONES
void applyDense(Amplitude *state, int numQubits, const int64_t *wires, int numWires,
                const Amplitude *matrix) {
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

Amplitude pauliExpectation(const Amplitude *state, int numQubits, uint64_t xBits,
                           uint64_t zBits) {
  // sum_b conj(psi[b ^ x]) (-1)^|b & z| psi[b]
  const double *psi = components(state);
  double re = 0, im = 0;
  for (size_t b = 0, size = dimension(numQubits); b < size; ++b) {
    const double sign = __builtin_parityll(b & zBits) ? -1.0 : 1.0;
    const double *p = psi + 2 * b, *q = psi + 2 * (b ^ xBits);
    re += sign * (q[0] * p[0] + q[1] * p[1]);
    im += sign * (q[0] * p[1] - q[1] * p[0]);
  }
  return {re, im};
}

void addPauliProduct(Amplitude *out, const Amplitude *state, int numQubits, uint64_t xBits,
                     uint64_t zBits, Amplitude coefficient) {
  for (size_t b = 0, size = dimension(numQubits); b < size; ++b)
    out[b ^ xBits] += (__builtin_parityll(b & zBits) ? -coefficient : coefficient) * state[b];
}

Amplitude innerProduct(const Amplitude *a, const Amplitude *b, int numQubits) {
  Amplitude sum = 0;
  for (size_t i = 0, size = dimension(numQubits); i < size; ++i)
    sum += std::conj(a[i]) * b[i];
  return sum;
}

void marginalProbabilities(const Amplitude *state, int numQubits, const int64_t *wires,
                           int numWires, double *out) {
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

void collapse(Amplitude *state, int numQubits, int wire, bool outcome, double scale) {
  forEachRun(numQubits, bit(wire), 0, [&](size_t first, size_t length, size_t) {
    Amplitude *zero = state + first, *one = state + (first | bit(wire));
    Amplitude *kept = outcome ? one : zero, *dropped = outcome ? zero : one;
    std::fill(dropped, dropped + length, Amplitude(0));
    for (size_t i = 0; i < length; ++i)
      kept[i] *= scale;
  });
}

} // namespace cotangent::runtime::kernels
