//===- StateVector.cpp - State-vector kernels -----------------------------===//
//
// The kernels work on the interleaved (re, im) doubles of std::complex and
// spell complex arithmetic out: std::complex multiplication does not
// vectorise without -ffast-math (it must handle infinities), plain real
// arithmetic does.
//
//===----------------------------------------------------------------------===//

#include "StateVector.h"

#include "TargetClones.h"

#include <algorithm>
#include <cstddef>
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

/// Writes the positions of the set bits of `mask`, ascending; returns how many.
int bitPositions(uint64_t mask, int *positions) {
  int count = 0;
  for (; mask; mask &= mask - 1)
    positions[count++] = __builtin_ctzll(mask);
  return count;
}

/// The `rank`-th smallest index whose bits at `fixed` (ascending) are all 0.
[[gnu::always_inline]] inline size_t insertZeroBits(size_t rank, const int *fixed,
                                                    int numFixed) {
  for (int i = 0; i < numFixed; ++i) {
    const size_t low = rank & ((size_t(1) << fixed[i]) - 1);
    rank = ((rank - low) << 1) | low;
  }
  return rank;
}

/// Calls body(first, length) for each maximal run of consecutive indices whose
/// bits in `fixedMask` are all 0, in increasing index order. A run is as long
/// as the lowest fixed bit allows (the whole state if there is none), so the
/// body's inner loop is as long and as contiguous as the gate's wires permit.
template <typename Body>
[[gnu::always_inline]] inline void forEachRun(int numQubits, uint64_t fixedMask, Body &&body) {
  int fixed[64];
  const int numFixed = bitPositions(fixedMask, fixed);
  const size_t runLength =
      fixedMask ? size_t(1) << __builtin_ctzll(fixedMask) : dimension(numQubits);
  const size_t numFree = dimension(numQubits) >> numFixed;
  for (size_t rank = 0; rank < numFree; rank += runLength)
    body(insertZeroBits(rank, fixed, numFixed), runLength);
}

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

/// Swaps a[i] and b[i] for i < count doubles: X needs no arithmetic.
[[gnu::always_inline]] inline void swapRanges(double *__restrict a, double *__restrict b,
                                              size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const double t = a[i];
    a[i] = b[i];
    b[i] = t;
  }
}

bool isPauliX(const Amplitude m[4]) {
  return m[0] == 0.0 && m[1] == 1.0 && m[2] == 1.0 && m[3] == 0.0;
}

/// Amplitudes per block in applyPhases: 128 bytes, two cache lines.
constexpr size_t kPhaseBlock = 8;

/// Multiplies block after block of `block` amplitudes by per-index factors:
/// amplitude base + j gets factors[p][j], p being the parity of base's bits in
/// highParity; blocks missing a bit of highControls are left alone.
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
  const Amplitude one = 1.0, zero = 0.0;
  if (target == 0) {
    // Each vector is a pair (a, b): (a, b) <- (m0 a + m1 b, m2 a + m3 b).
    const Factors diagonal = factors(m[0], m[3]), offDiagonal = factors(m[1], m[2]);
    forEachRun(numQubits, highControls, [&](size_t first, size_t length)
                                            __attribute__((always_inline)) {
      double *p = psi + 2 * (first | highControls);
      for (size_t i = 0; i < 2 * length; i += 4) {
        const Pair v = load(p + i);
        store(p + i, times(diagonal, v) + times(offDiagonal, swapAmplitudes(v)));
      }
    });
    return;
  }
  const size_t stride = dimension(target);
  const uint64_t fixed = highControls | bit(target);
  if (isPauliX(m) && !lowControl) { // a pure exchange of the two halves
    forEachRun(numQubits, fixed, [&](size_t first, size_t length) __attribute__((always_inline)) {
      first |= highControls;
      swapRanges(psi + 2 * first, psi + 2 * (first + stride), 2 * length);
    });
    return;
  }
  // Vectors a and b hold partners: a <- m0 a + m1 b, b <- m2 a + m3 b.
  const Factors a0 = factors(lowControl ? one : m[0], m[0]);
  const Factors a1 = factors(lowControl ? zero : m[1], m[1]);
  const Factors b0 = factors(lowControl ? zero : m[2], m[2]);
  const Factors b1 = factors(lowControl ? one : m[3], m[3]);
  forEachRun(numQubits, fixed, [&](size_t first, size_t length) __attribute__((always_inline)) {
    double *pa = psi + 2 * (first | highControls), *pb = pa + 2 * stride;
    for (size_t i = 0; i < 2 * length; i += 4) {
      const Pair a = load(pa + i), b = load(pb + i);
      store(pa + i, times(a0, a) + times(a1, b));
      store(pb + i, times(b0, a) + times(b1, b));
    }
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
  double factors[2][2 * kPhaseBlock];
  for (int highParity = 0; highParity < 2; ++highParity)
    for (size_t j = 0; j < block; ++j) {
      Amplitude f = 1.0;
      if ((j & controls & low) == (controls & low))
        f = (highParity ^ __builtin_parityll(j & parityBits)) ? odd : even;
      factors[highParity][2 * j] = f.real();
      factors[highParity][2 * j + 1] = f.imag();
    }
  double *psi = components(state);
  if (block == kPhaseBlock) // a constant block length unrolls into vector code
    multiplyBlocks(psi, size, kPhaseBlock, controls & ~low, parityBits & ~low, factors);
  else
    multiplyBlocks(psi, size, block, controls & ~low, parityBits & ~low, factors);
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
  forEachRun(numQubits, wireMask, [&](size_t first, size_t length) {
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
  forEachRun(numQubits, bit(wire), [&](size_t first, size_t length) {
    for (size_t i = first | bit(wire); i < (first | bit(wire)) + length; ++i)
      sum += std::norm(state[i]);
  });
  return sum;
}

void collapse(Amplitude *state, int numQubits, int wire, bool outcome, double scale) {
  forEachRun(numQubits, bit(wire), [&](size_t first, size_t length) {
    Amplitude *zero = state + first, *one = state + (first | bit(wire));
    Amplitude *kept = outcome ? one : zero, *dropped = outcome ? zero : one;
    std::fill(dropped, dropped + length, Amplitude(0));
    for (size_t i = 0; i < length; ++i)
      kept[i] *= scale;
  });
}

} // namespace cotangent::runtime::kernels
