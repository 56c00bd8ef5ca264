//===- StateVector.cpp - State-vector kernels -----------------------------===//
//
// How the hot kernels vectorise: std::complex multiplication does not (without
// -ffast-math it must handle infinities), so complex arithmetic is spelled out
// on the interleaved (re, im) doubles. applyControlled and applyPairs use
// explicit vectors of one cache line (Line, LineSweeps.h); applyPhases is
// scalar code over fixed blocks that the compiler unrolls into vector code.
// All three are compiled once per CPU level (TargetClones.h). The observable
// and measurement helpers at the end are plain loops: they run once per
// result, not once per gate.
//
//===----------------------------------------------------------------------===//

#include "StateVector.h"

#include "LineSweeps.h"
#include "TargetClones.h"

#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

using namespace sweeps;

bool isPauliX(const Amplitude m[4]) {
  return m[0] == 0.0 && m[1] == 1.0 && m[2] == 1.0 && m[3] == 0.0;
}

/// Amplitudes per block in applyPhases: 128 bytes, two cache lines.
constexpr size_t kPhaseBlock = 8;

/// Multiplies `count` amplitudes at p by the factors f, both (re, im, ...).
/// Plain scalar code: with a constant count the compiler unrolls it into
/// vector code of the widest width, faster here than explicit vectors
/// (measured).
[[gnu::always_inline]] inline void multiplyBy(double *p, const double *f,
                                              size_t count) {
  for (size_t j = 0; j < count; ++j) {
    const double re = p[2 * j], im = p[2 * j + 1];
    p[2 * j] = re * f[2 * j] - im * f[2 * j + 1];
    p[2 * j + 1] = re * f[2 * j + 1] + im * f[2 * j];
  }
}

/// Multiplies block after block of Block amplitudes (two lines, or one) by
/// per-index factors: amplitude base + j gets factors[p][j], p being the
/// parity of base's bits in highParity; blocks missing a bit of highControls
/// are left alone (and not visited: the sweep goes over the runs where they
/// are set, prefetching as the line sweeps do). Blocks of one line serve a
/// control on bit 2, which leaves every other line alone: in blocks of two
/// it would read and write them all (measured on AMD Zen 5 at 20 qubits, CZ
/// with its control on bit 2 and target on bit 1: 0.50 of the stream with
/// blocks of two lines, 0.75 with one, where the bare pattern of half the
/// lines reads 0.80).
template <size_t Block>
[[gnu::always_inline]] inline void
multiplyBlocks(double *state, int numQubits, uint64_t highControls,
               uint64_t highParity, const double (*factors)[2 * kPhaseBlock]) {
  forEachStridedRun(
      numQubits, highControls,
      [&](size_t first, size_t length, size_t later, auto stride)
          __attribute__((always_inline)) {
            const size_t step = std::max<size_t>(stride, Block);
            const size_t start = first | highControls;
            const double *ahead = state + 2 * (later | highControls);
            for (size_t i = 0; i < length; i += step) {
              const size_t base = start + i;
              for (size_t k = 0; k < 2 * Block; k += kLineDoubles)
                __builtin_prefetch(ahead + 2 * i + k, 1, 2);
              multiplyBy(state + 2 * base,
                         factors[__builtin_parityll(base & highParity)],
                         Block);
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
      updateLines(
          psi, numQubits, highControls,
          highControls, [&](Line & v) __attribute__((always_inline)) {
            v = times(d, v) + times(o, partnersInLine<0>(v));
          });
    else
      updateLines(
          psi, numQubits, highControls,
          highControls, [&](Line & v) __attribute__((always_inline)) {
            v = times(d, v) + times(o, partnersInLine<1>(v));
          });
    return;
  }
  double *psi = components(state);
  if (isPauliX(m) &&
      !inLineControls) { // CNOT, Toffoli: a pure exchange, no arithmetic
    updatePartners(
        psi, numQubits, target, highControls,
        [](Line & a, Line & b)
            __attribute__((always_inline)) { std::swap(a, b); });
    return;
  }
  const Factors a0 = laneFactors([&](size_t j) { return entry(j, 0, 0); });
  const Factors a1 = laneFactors([&](size_t j) { return entry(j, 0, 1); });
  const Factors b0 = laneFactors([&](size_t j) { return entry(j, 1, 0); });
  const Factors b1 = laneFactors([&](size_t j) { return entry(j, 1, 1); });
  updatePartners(
      psi, numQubits, target,
      highControls, [&](Line & a, Line & b) __attribute__((always_inline)) {
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
  const size_t block =
      std::min(size, controls & bit(2) ? kLineAmplitudes : kPhaseBlock);
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
  if (size < kPhaseBlock) // one block, no high bits
    multiplyBy(psi, table[0], size);
  else if (block == kPhaseBlock)
    multiplyBlocks<kPhaseBlock>(psi, numQubits, controls & ~low,
                                parityBits & ~low, table);
  else
    multiplyBlocks<kLineAmplitudes>(psi, numQubits, controls & ~low,
                                    parityBits & ~low, table);
}

COT_TARGET_CLONES
void applyPairs(Amplitude *state, int numQubits, const int64_t *wires,
                int numWires, const StatePair *pairs, int numPairs) {
  // The bits of the wires where they read `outcome`.
  auto scatter = [&](size_t outcome) {
    uint64_t bits = 0;
    for (int w = 0; w < numWires; ++w)
      if ((outcome >> (numWires - 1 - w)) & 1)
        bits |= bit(wires[w]);
    return bits;
  };
  const uint64_t wireBits = scatter(dimension(numWires) - 1),
                 inLineWires = wireBits & kInLineBits,
                 highWires = wireBits & ~kInLineBits;
  // The wires' bits above bit 1 pick two lines per pair, a (reading `low`
  // there) and b (reading `high`); their bits 0 and 1 pick the lanes: lane j
  // of a mixes with lane j ^ flip of b where j reads `low` in those bits, and
  // lane j of b with lane j ^ flip of a where j reads `high`. Pairs on the
  // same two lines share them, each on its lanes; other lanes keep their
  // amplitude (factor 1 on themselves, 0 on the partner). Where a and b are
  // one line, its lanes that read `high` take the b factors.
  struct PairLines {
    uint64_t aBits, bBits;
    Amplitude da[kLineAmplitudes], oa[kLineAmplitudes], db[kLineAmplitudes],
        ob[kLineAmplitudes];
  };
  PairLines lines[kMaxStatePairs];
  int numLines = 0;
  uint64_t flip = 0;
  auto linesOf = [&](uint64_t aBits, uint64_t bBits) {
    return std::find_if(lines, lines + numLines, [&](const PairLines &l) {
      return l.aBits == (aBits & ~kInLineBits) &&
             l.bBits == (bBits & ~kInLineBits);
    });
  };
  for (const StatePair *pair = pairs; pair != pairs + numPairs; ++pair) {
    uint64_t lowBits = scatter(pair->low), highBits = scatter(pair->high);
    std::array<Amplitude, 4> m = pair->m;
    flip = lowBits ^ highBits;
    PairLines *at = linesOf(lowBits, highBits);
    if (at == lines + numLines &&
        linesOf(highBits, lowBits) != lines + numLines) {
      // The same lines as an earlier pair, a and b the other way round.
      at = linesOf(highBits, lowBits);
      std::swap(lowBits, highBits);
      m = {m[3], m[2], m[1], m[0]};
    }
    if (at == lines + numLines) {
      *at = {lowBits & ~kInLineBits, highBits & ~kInLineBits, {}, {}, {}, {}};
      std::fill(at->da, at->da + kLineAmplitudes, 1.0);
      std::fill(at->db, at->db + kLineAmplitudes, 1.0);
      ++numLines;
    }
    const bool oneLine = at->aBits == at->bBits;
    for (size_t j = 0; j < kLineAmplitudes; ++j) {
      if ((j & inLineWires) == (lowBits & kInLineBits)) {
        at->da[j] = m[0];
        at->oa[j] = m[1];
      }
      if ((j & inLineWires) == (highBits & kInLineBits)) {
        (oneLine ? at->da : at->db)[j] = m[3];
        (oneLine ? at->oa : at->ob)[j] = m[2];
      }
    }
  }
  double *psi = components(state);
  auto sweep = [&](auto flipInLine, auto count) __attribute__((always_inline)) {
    constexpr int kFlip = decltype(flipInLine)::value,
                  kLines = decltype(count)::value;
    auto factors = [&](const Amplitude *f) {
      return laneFactors([&](size_t j) { return f[j]; });
    };
    Factors da[kLines], oa[kLines], db[kLines], ob[kLines];
    for (int k = 0; k < kLines; ++k) {
      da[k] = factors(lines[k].da), oa[k] = factors(lines[k].oa);
      db[k] = factors(lines[k].db), ob[k] = factors(lines[k].ob);
    }
    if (!(flip & ~kInLineBits)) { // a = b: the pairs differ in-line only
      uint64_t bits[kLines];
      for (int k = 0; k < kLines; ++k)
        bits[k] = lines[k].aBits;
      updateLineSets<kLines>(
          psi, numQubits, highWires,
          bits, [&](Line(&v)[kLines]) __attribute__((always_inline)) {
            for (int k = 0; k < kLines; ++k)
              v[k] = times(da[k], v[k]) +
                     times(oa[k], partnersAcross<kFlip>(v[k]));
          });
      return;
    }
    uint64_t bits[2 * kLines];
    for (int k = 0; k < kLines; ++k) {
      bits[2 * k] = lines[k].aBits;
      bits[2 * k + 1] = lines[k].bBits;
    }
    updateLineSets<2 * kLines>(
        psi, numQubits, highWires,
        bits, [&](Line(&v)[2 * kLines]) __attribute__((always_inline)) {
          for (int k = 0; k < kLines; ++k) {
            Line &a = v[2 * k], &b = v[2 * k + 1];
            const Line newA =
                times(da[k], a) + times(oa[k], partnersAcross<kFlip>(b));
            b = times(db[k], b) + times(ob[k], partnersAcross<kFlip>(a));
            a = newA;
          }
        });
  };
  auto withLines = [&](auto flipInLine) __attribute__((always_inline)) {
    if (numLines == 1)
      sweep(flipInLine, std::integral_constant<int, 1>());
    else
      sweep(flipInLine, std::integral_constant<int, 2>());
  };
  switch (flip & kInLineBits) {
  case 0:
    return withLines(std::integral_constant<int, 0>());
  case 1:
    return withLines(std::integral_constant<int, 1>());
  case 2:
    return withLines(std::integral_constant<int, 2>());
  default:
    return withLines(std::integral_constant<int, 3>());
  }
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
