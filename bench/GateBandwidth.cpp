//===- GateBandwidth.cpp - Gate kernels against memory bandwidth ---------===//
//
// For 20, 22 and 24 qubits, and 26 when the machine has the memory for it
// (--qubits=a,b,... to choose), applies every gate of Gates.def (Identity,
// which does nothing, aside) and dense unitaries on 2 to 5 wires
// ("Unitary2" ... "Unitary5", the discrete Fourier transform of their wires)
// on every wire, and after each pass of the gate, one pass of each of its
// baselines over the same state:
//  - "stream": an in-place read-modify-write stream over every line, in the
//    kernels' own prefetching sweep (InPlaceStream.h), what a gate touching
//    every line can at best achieve;
//  - "pattern", where the gate has one other than the stream: the same stream
//    over only the 64-byte lines the gate touches, as its kernel visits
//    them. For a gate with controls on wires 2 and up, the lines they
//    select; for a 2x2 matrix on a target from wire 2 up, those lines in
//    pairs that differ in the target bit; for a gate on pairs of basis
//    states of its wires (SWAP, CSWAP, the excitation gates, and IsingXX and
//    IsingYY with a wire inside a line), the lines where the wires that select
//    lines read one of a pair, in pairs; for a dense matrix (UnitaryK), and
//    IsingXX and IsingYY, with targets from wire 2 up, the groups of lines
//    that differ only in those targets' bits, group by group (prefetched as
//    the line sweeps and as the dense kernel prefetch, the faster counting);
//  - for UnitaryK, "limit": the stream doing a K-wire matrix's multiply-adds
//    on every line it passes, in registers, with nothing else of a dense
//    gate's work, what memory and arithmetic together allow a sequential
//    sweep (lines far apart can overlap them better); and "reads": the
//    same with each multiply-add's factor read from a table in the L1 cache,
//    as the dense kernel reads its matrix (for K >= 3 the entries outnumber
//    the registers); each prefetched both ways, the faster counting.
// Gate and baselines alternate pass by pass on one buffer, so that every
// ratio compares them over the same stretch of time and the same physical
// memory: on virtual machines, bandwidth drifts from minute to minute, and
// two buffers of one size can differ in speed by a tenth or more.
// "MultiplyAddPeak" runs independent multiply-add chains in registers, on the
// vectors the dense kernel uses on this CPU: a k-wire dense matrix costs at
// least 3 * 2^k multiply-adds of doubles per amplitude (three real products
// per complex one), so the peak bounds what UnitaryK can reach (the table's
// "bound"). "MultiplyAddPeak/fed" runs a 5-wire matrix's multiply-adds with
// their inputs and factors read from the L1 cache, as a kernel must (the
// factors outnumber the registers from three wires on), each factor
// broadcast once and used for as many vectors as the registers allow (two
// with AVX-512): the most UnitaryK can reach at that rate is the table's
// "fed". (Measured apart on Intel Xeon, each factor instead read by its one
// multiply-add, as the dense kernel reads it, ran alike, within 3%: both at
// 71-77% of the peak in registers.) "limit" and "reads" count as many.
// A gate "on wire w" has its last wire (the target) on w and its other wires
// on w+1, w+2, ... (modulo n), so every gate also runs with a control on
// wire 0.
//
// Bandwidth counts the bytes of the 64-byte cache lines a gate must read and
// write, since memory moves whole lines: all of the state, halved by each
// control on a wire whose stride (16 bytes << wire) is a line or more
// (wire 2 and up; below, every line holds both control values); an
// excitation gate on 4 wires, which mixes two of their 16 basis states, must
// touch only the lines where its line-selecting wires read one of the two
// (an eighth of the state when all four are wire 2 and up). Each baseline
// counts the bytes it moves the same way. After the runs a table gives per
// size and gate the worst and the median (over wires) ratio of gate
// bandwidth to the stream's, and at the worst wire the gate against its
// pattern and the pattern against the stream (what the machine allows that
// access pattern).
//
// Usual Google Benchmark flags work (e.g. --benchmark_filter='^CNOT/24/');
// the minimum time per benchmark (of the gate's passes alone) defaults to
// 0.1 s, doubled per qubit above 24 (largeStateMinSeconds). With
// --benchmark_repetitions the table takes each ratio's median over the
// repetitions.
//
//===----------------------------------------------------------------------===//

#include "AlignedBuffer.h"
#include "ApplyOperator.h"
#include "GateMatrices.h"
#include "InPlaceStream.h"
#include "StateVector.h"
#include "TargetClones.h"

#include "QubitCountsFlag.h"
#include "cotangent/Runtime/MemoryInfo.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

using namespace cotangent::runtime;

namespace {

using Amplitude = std::complex<double>;

constexpr const char *kMultiplyAddPeak = "MultiplyAddPeak";
constexpr const char *kFedMultiplyAddPeak = "MultiplyAddPeak/fed";
constexpr int kMaxUnitaryWires = 5;
constexpr int kMultiRZWires = 3;
constexpr size_t kCacheLine = 64;

/// The discrete Fourier transform on k wires: unitary, every entry nonzero.
std::vector<Amplitude> fourierMatrix(int k) {
  const size_t dim = size_t(1) << k;
  std::vector<Amplitude> m(dim * dim);
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c)
      m[r * dim + c] = std::polar(1 / std::sqrt(double(dim)),
                                  2 * M_PI * double(r * c) / double(dim));
  return m;
}

/// One benchmarked operation: a gate of Gates.def with its parameters at
/// (0.3, 0.2, 0.1), or a dense unitary on `unitaryWires` wires.
struct GateCase {
  std::string name;
  int numWires;
  int unitaryWires; ///< 0 for a gate
  GateOperator op;
};

std::vector<GateCase> gateCases() {
  std::vector<GateCase> cases;
  const double params[3] = {0.3, 0.2, 0.1};
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateKind kind = static_cast<GateKind>(code);
    const int fixedWires = gateInfo(kind).numWires;
    if (kind != GateKind::Identity)
      cases.push_back({gateInfo(kind).name,
                       fixedWires ? fixedWires : kMultiRZWires, 0,
                       gateOperator(kind, params, false)});
  }
  for (int k = 2; k <= kMaxUnitaryWires; ++k)
    cases.push_back({"Unitary" + std::to_string(k), k, k,
                     matrixOperator(fourierMatrix(k).data(), k, false)});
  return cases;
}

/// The device wires of a case on wire `wire`: target last, on `wire`.
std::vector<int64_t> wiresOn(const GateCase &gate, int wire, int numQubits) {
  const int k = gate.numWires;
  std::vector<int64_t> wires(k);
  for (int i = 0; i < k; ++i)
    wires[i] = (wire + 1 + i) % numQubits;
  wires[k - 1] = wire;
  return wires;
}

/// The bits of the case's controls that select whole lines.
uint64_t lineControlMask(const GateCase &gate,
                         const std::vector<int64_t> &wires) {
  uint64_t mask = 0;
  for (int i = 0; i < gate.op.numControls; ++i)
    if ((sizeof(Amplitude) << wires[i]) >= kCacheLine)
      mask |= uint64_t(1) << wires[i];
  return mask;
}

/// The state for one qubit count, in the uniform superposition (no zeros, no
/// denormals), on which the gates and their baselines all run. Made on first
/// use and kept for the run.
AlignedBuffer<Amplitude> &stateOf(int numQubits) {
  static std::map<int, AlignedBuffer<Amplitude>> states;
  auto [at, made] = states.try_emplace(numQubits);
  if (made) {
    at->second = AlignedBuffer<Amplitude>(size_t(1) << numQubits);
    std::fill(at->second.data(), at->second.data() + at->second.size(),
              Amplitude(1 / std::sqrt(std::ldexp(1.0, numQubits))));
  }
  return at->second;
}

double stateBytes(int numQubits) {
  return std::ldexp(double(sizeof(Amplitude)), numQubits);
}

/// Bytes read plus bytes written over the lines whose index has the bits of
/// `lineMask` set.
double touchedBytes(int numQubits, uint64_t lineMask) {
  return 2 * stateBytes(numQubits) /
         double(uint64_t(1) << __builtin_popcountll(lineMask));
}

/// For a gate on pairs of basis states of its wires (SWAP, CSWAP, the
/// excitation gates; IsingXX and IsingYY with a wire inside a line): the wires
/// that select lines, and what they read in the lines of either state. For a
/// 2x2 matrix on a target from wire 2 up: the controls that select lines and
/// the target, which reads 0 in one line of a pair and 1 in the other.
struct LinePairs {
  uint64_t fixedMask = 0, aBits = 0, bBits = 0;
};
std::optional<LinePairs> linePairs(const GateCase &gate,
                                   const std::vector<int64_t> &wires) {
  const GateOperator &op = gate.op;
  if (op.form == GateOperator::Form::Controlled) {
    if ((sizeof(Amplitude) << wires.back()) < kCacheLine)
      return std::nullopt;
    const uint64_t controls = lineControlMask(gate, wires),
                   target = uint64_t(1) << wires.back();
    return LinePairs{controls | target, controls, controls | target};
  }
  if (op.form != GateOperator::Form::Pairs)
    return std::nullopt;
  const int k = static_cast<int>(wires.size());
  std::optional<LinePairs> lines;
  for (const kernels::StatePair &pair : op.pairs) {
    LinePairs these;
    for (int i = 0; i < k; ++i)
      if ((sizeof(Amplitude) << wires[i]) >= kCacheLine) {
        const uint64_t wireBit = uint64_t(1) << wires[i];
        these.fixedMask |= wireBit;
        these.aBits |= (pair.low >> (k - 1 - i)) & 1 ? wireBit : 0;
        these.bBits |= (pair.high >> (k - 1 - i)) & 1 ? wireBit : 0;
      }
    // Pairs on different lines are visited together, line group by line
    // group (lineTargetMask).
    if (lines &&
        !(lines->aBits == these.aBits && lines->bBits == these.bBits) &&
        !(lines->aBits == these.bBits && lines->bBits == these.aBits))
      return std::nullopt;
    lines = these;
  }
  return lines;
}

/// For a dense matrix (a unitary, or a gate applied as one), or pairs of
/// basis states that linePairs does not describe (on different lines), the
/// bits of its targets that select lines; else 0.
uint64_t lineTargetMask(const GateCase &gate,
                        const std::vector<int64_t> &wires) {
  const GateOperator::Form form = gate.op.form;
  if (form != GateOperator::Form::Dense && form != GateOperator::Form::Pairs)
    return 0;
  uint64_t mask = 0;
  for (size_t i = gate.op.numControls; i < wires.size(); ++i)
    if ((sizeof(Amplitude) << wires[i]) >= kCacheLine)
      mask |= uint64_t(1) << wires[i];
  return mask;
}

/// Bytes read plus bytes written by a gate: over the lines its controls
/// select, or for a gate on pairs of basis states, over the lines where the
/// wires that select lines read one of a pair.
double gateBytes(const GateCase &gate, const std::vector<int64_t> &wires,
                 int numQubits) {
  const std::optional<LinePairs> pairs = linePairs(gate, wires);
  if (!pairs)
    return touchedBytes(numQubits, lineControlMask(gate, wires));
  return touchedBytes(numQubits, pairs->fixedMask) *
         (pairs->aBits == pairs->bBits ? 1 : 2);
}

/// |factor| = 1 keeps the values bounded.
const Amplitude kFactor = std::polar(1.0, 0.1);

/// A pass over the state that a gate is compared with, and the bytes it
/// reads and writes.
struct Baseline {
  const char *name;
  std::function<void()> pass;
  double bytes;
};

/// The gate's own passes, beside its baselines' names in medianRatio.
constexpr const char *kGate = "gate";
constexpr const char *kStream = "stream";
constexpr const char *kPattern = "pattern";
constexpr const char *kLimit = "limit";
constexpr const char *kReads = "reads";

/// The ways a baseline over groups of lines prefetches; of baselines that
/// differ only in that, the faster counts.
constexpr Prefetch kPrefetches[] = {Prefetch::Far, Prefetch::Near};

/// The baselines of `gate` on `wires` of the state `psi` (see the header).
std::vector<Baseline> baselinesOf(const GateCase &gate,
                                  const std::vector<int64_t> &wires,
                                  int numQubits, Amplitude *psi) {
  const int n = numQubits;
  std::vector<Baseline> baselines = {
      {kStream, [=] { scaleSelectedLines(psi, n, 0, kFactor); },
       touchedBytes(n, 0)}};
  if (const std::optional<LinePairs> pairs = linePairs(gate, wires)) {
    if (pairs->fixedMask)
      baselines.push_back(
          {kPattern,
           [=, p = *pairs] {
             scaleLinePairs(psi, n, p.fixedMask, p.aBits, p.bBits, kFactor);
           },
           gateBytes(gate, wires, n)});
  } else if (const uint64_t targets = lineTargetMask(gate, wires)) {
    const uint64_t controls = lineControlMask(gate, wires);
    for (Prefetch prefetch : kPrefetches)
      baselines.push_back({kPattern,
                           [=] {
                             scaleLineGroups(psi, n, targets, controls, kFactor,
                                             prefetch);
                           },
                           touchedBytes(n, controls)});
  } else if (const uint64_t mask = lineControlMask(gate, wires)) {
    baselines.push_back(
        {kPattern, [=] { scaleSelectedLines(psi, n, mask, kFactor); },
         touchedBytes(n, mask)});
  }
  if (const int k = gate.unitaryWires)
    for (bool fromTable : {false, true})
      for (Prefetch prefetch : kPrefetches)
        baselines.push_back(
            {fromTable ? kReads : kLimit,
             [=] { streamWithMultiplyAdds(psi, n, k, fromTable, prefetch); },
             touchedBytes(n, 0)});
  return baselines;
}

/// The wall-clock seconds of one call of `pass`.
template <typename Pass> double secondsOf(Pass &&pass) {
  const auto start = std::chrono::steady_clock::now();
  pass();
  benchmark::ClobberMemory();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start)
      .count();
}

/// The gate's passes are the benchmark's time; each baseline's bandwidth over
/// the passes interleaved with them is a counter of its name.
void gateBenchmark(benchmark::State &state, const GateCase &gate) {
  const int n = static_cast<int>(state.range(0));
  const int wire = static_cast<int>(state.range(1));
  Amplitude *psi = stateOf(n).data();
  const std::vector<int64_t> wires = wiresOn(gate, wire, n);
  const Wires list{wires.data(), static_cast<int64_t>(wires.size())};
  const std::vector<Baseline> baselines = baselinesOf(gate, wires, n, psi);
  std::vector<double> baselineSeconds(baselines.size());
  for (auto _ : state) {
    state.SetIterationTime(
        secondsOf([&] { applyOperator(psi, n, gate.op, list); }));
    for (size_t i = 0; i < baselines.size(); ++i)
      baselineSeconds[i] += secondsOf(baselines[i].pass);
  }
  const double passes = double(state.iterations());
  state.SetBytesProcessed(int64_t(passes * gateBytes(gate, wires, n)));
  for (size_t i = 0; i < baselines.size(); ++i) {
    const double bandwidth = passes * baselines[i].bytes / baselineSeconds[i];
    const auto [counter, first] =
        state.counters.try_emplace(baselines[i].name, bandwidth);
    if (!first) // the same baseline, prefetched otherwise
      counter->second.value = std::max(counter->second.value, bandwidth);
  }
}

/// Enough independent chains to cover the latency of two multiply-add units.
constexpr int kPeakChains = 16;

/// `rounds` steps of kPeakChains independent multiply-add chains on vectors V,
/// held in registers; adds their sum to `sink` (so that none is optimised
/// away) and returns the multiply-adds of doubles done.
template <typename V>
[[gnu::always_inline]] inline double
multiplyAddChains(size_t rounds, double seed, double &sink) {
  constexpr size_t kLanes = sizeof(V) / sizeof(double);
  V acc[kPeakChains];
  for (int c = 0; c < kPeakChains; ++c)
    acc[c] = V{} + seed * (c + 1);
  const V scale = V{} + (1 - seed * 1e-9), shift = V{} + seed * 1e-9;
  for (size_t i = 0; i < rounds; ++i) {
#pragma GCC unroll 16
    for (int c = 0; c < kPeakChains; ++c)
      acc[c] = acc[c] * scale + shift;
  }
  for (int c = 0; c < kPeakChains; ++c)
    for (size_t j = 0; j < kLanes; ++j)
      sink += acc[c][j];
  return double(rounds) * kPeakChains * kLanes;
}

/// Calls body(index) for index = 0 ... N-1 as compile-time constants: loops
/// that GCC unrolls by pragma still kept the fed sums below in memory.
template <typename Body, int... Is>
[[gnu::always_inline]] inline void unrolled(Body &&body,
                                            std::integer_sequence<int, Is...>) {
  (body(std::integral_constant<int, Is>()), ...);
}
template <int N, typename Body>
[[gnu::always_inline]] inline void unrolled(Body &&body) {
  unrolled(body, std::make_integer_sequence<int, N>());
}

/// v = `x` in every lane, by one broadcast from memory. (Left to itself, GCC
/// reads several factors at once and spreads them with shuffles, which take
/// the port of one of the multiply-add units.)
template <typename V>
[[gnu::always_inline]] inline void broadcast(V &v, const double &x) {
#if defined(__x86_64__) && defined(__GNUC__)
  if constexpr (sizeof(V) >= 32) {
    asm("vbroadcastsd %1, %0" : "=v"(v) : "m"(x));
    return;
  }
#endif
  v = x - V{};
}

/// The inputs of the fed multiply-adds: a 5-wire matrix's (kMaxUnitaryWires).
constexpr int kFedInputs = 1 << kMaxUnitaryWires;

/// A dense matrix's multiply-adds as a kernel must feed them, `rounds` times:
/// the products of a kFedInputs-square matrix of three real factors per entry
/// (ThreeProducts in DenseGate.cpp) with Columns vectors per input and part,
/// the inputs read from a table in the L1 cache (split into parts as a step
/// leaves them), the factors from another (from three wires on, a matrix's
/// 3 * 4^k factors outnumber the registers). Outputs go in blocks of Rows,
/// each factor read once per block and used for every column. Returns the
/// multiply-adds of doubles done; adds a result to `sink`.
template <typename V, int Rows, int Columns>
[[gnu::always_inline]] inline double
fedMultiplyAdds(size_t rounds, const double *factors, const V *inputs,
                double &sink) {
  constexpr int kParts = 3;
  V outputs[Columns * Rows * 2];
  for (size_t i = 0; i < rounds; ++i)
    for (int block = 0; block < kFedInputs / Rows; ++block) {
      const double *table = factors + block * kFedInputs * Rows * kParts;
      asm("" : "+r"(table)); // read in place, as a kernel reads its matrix
      V sums[Columns][kParts][Rows] = {};
      unrolled<kFedInputs>([&](auto c) __attribute__((always_inline)) {
        V in[Columns][kParts];
        unrolled<Columns * kParts>([&](auto k) __attribute__((always_inline)) {
          in[k / kParts][k % kParts] = inputs[c * Columns * kParts + k];
        });
        unrolled<Rows * kParts>([&](auto k) __attribute__((always_inline)) {
          V factor;
          broadcast(factor, table[c * Rows * kParts + k]);
          unrolled<Columns>([&](auto v) __attribute__((always_inline)) {
            sums[v][k % kParts][k / kParts] += factor * in[v][k % kParts];
          });
        });
      });
      unrolled<Columns * Rows>([&](auto k) __attribute__((always_inline)) {
        constexpr int v = k / Rows, r = k % Rows;
        outputs[2 * k] = sums[v][0][r] - sums[v][1][r];
        outputs[2 * k + 1] = sums[v][0][r] + sums[v][2][r];
      });
      asm("" : : "r"(outputs) : "memory"); // the outputs are stored
    }
  sink += outputs[0][0];
  return double(rounds) * kFedInputs * kFedInputs * kParts * Columns *
         (sizeof(V) / sizeof(double));
}

// The vectors of each instruction set (those of the dense kernel:
// DenseGate.cpp).
typedef double Doubles8 __attribute__((vector_size(64)));
typedef double Doubles4 __attribute__((vector_size(32)));
typedef double Doubles2 __attribute__((vector_size(16)));

#if defined(__x86_64__) && defined(__GNUC__)
template <typename Work, typename... Args>
__attribute__((target("arch=x86-64-v4"))) double onAvx512(Args &&...args) {
  return Work::template run<Doubles8>(std::forward<Args>(args)...);
}
template <typename Work, typename... Args>
__attribute__((target("arch=x86-64-v3"))) double onAvx2(Args &&...args) {
  return Work::template run<Doubles4>(std::forward<Args>(args)...);
}
#endif

/// Work::run<V>(args...) with V the vectors of this CPU's widest instruction
/// set, compiled for it.
template <typename Work, typename... Args>
double onHostVectors(Args &&...args) {
  switch (kernels::hostVectorISA()) {
#if defined(__x86_64__) && defined(__GNUC__)
  case kernels::VectorISA::AVX512:
    return onAvx512<Work>(std::forward<Args>(args)...);
  case kernels::VectorISA::AVX2:
    return onAvx2<Work>(std::forward<Args>(args)...);
#endif
  default:
    return Work::template run<Doubles2>(std::forward<Args>(args)...);
  }
}

/// multiplyAddChains, for onHostVectors.
struct Chains {
  template <typename V>
  [[gnu::always_inline]] static double run(size_t rounds, double seed,
                                           double &sink) {
    return multiplyAddChains<V>(rounds, seed, sink);
  }
};

/// fedMultiplyAdds in blocks as large as the registers allow: with 32
/// (AVX-512), 4 rows by 2 columns by 3 parts of sums; with 16, 2 by 1 by 3.
struct Fed {
  template <typename V>
  [[gnu::always_inline]] static double run(size_t rounds, const double *factors,
                                           const double *inputs, double &sink) {
    constexpr bool kWide = sizeof(V) == sizeof(Doubles8);
    constexpr int kRows = kWide ? 4 : 2, kColumns = kWide ? 2 : 1;
    return fedMultiplyAdds<V, kRows, kColumns>(
        rounds, factors, reinterpret_cast<const V *>(inputs), sink);
  }
};

void multiplyAddPeakBenchmark(benchmark::State &state) {
  constexpr size_t kRounds = 1 << 16;
  double sink = 0, done = 0;
  for (auto _ : state)
    done += onHostVectors<Chains>(kRounds, 0.5, sink);
  benchmark::DoNotOptimize(sink);
  state.counters["multiply_adds_per_second"] =
      benchmark::Counter(done, benchmark::Counter::kIsRate);
}

/// Fed multiply-adds per second. (A benchmark of its own: timed in turns
/// with the chains, each slowed the other.)
void fedMultiplyAddPeakBenchmark(benchmark::State &state) {
  constexpr size_t kRounds = 1 << 4;
  // Factors of |value| < 1 and inputs near 0 keep the sums bounded.
  const std::vector<double> factors(kFedInputs * kFedInputs * 3, 0.25);
  AlignedBuffer<double> inputs(kFedInputs * 2 * 3 * 8);
  std::fill_n(inputs.data(), inputs.size(), 1e-3);
  double sink = 0, done = 0;
  for (auto _ : state)
    done +=
        onHostVectors<Fed>(kRounds, factors.data(),
                           static_cast<const double *>(inputs.data()), sink);
  benchmark::DoNotOptimize(sink);
  state.counters["multiply_adds_per_second"] =
      benchmark::Counter(done, benchmark::Counter::kIsRate);
}

/// The bytes per second (read and written) that a k-wire dense matrix can at
/// most reach at `multiplyAddsPerSecond`: a 64-byte line (4 amplitudes, 128
/// bytes moved) costs at least 12 * 2^k multiply-adds.
double denseBound(double multiplyAddsPerSecond, int k) {
  return multiplyAddsPerSecond * 2 * kCacheLine / (12 << k);
}

/// One run of a gate benchmark: the gate's bandwidth and its baselines'.
struct Measurement {
  double gate = 0;
  std::map<std::string, double> baselines;
};

/// Console output as usual, and the bandwidths of every run kept for the
/// table.
class CollectingReporter : public benchmark::ConsoleReporter {
public:
  CollectingReporter()
      : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}

  // runs[gate][n][wire]: one measurement per repetition.
  std::map<std::string, std::map<int, std::map<int, std::vector<Measurement>>>>
      runs;
  // The best MultiplyAddPeak, in registers and fed from L1.
  double multiplyAddsPerSecond = 0, fedMultiplyAddsPerSecond = 0;

  void ReportRuns(const std::vector<Run> &reported) override {
    for (const Run &run : reported) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred)
        continue;
      const std::string &name = run.run_name.function_name;
      if (name == kMultiplyAddPeak || name == kFedMultiplyAddPeak) {
        double &best = name == kMultiplyAddPeak ? multiplyAddsPerSecond
                                                : fedMultiplyAddsPerSecond;
        best =
            std::max(best, double(run.counters.at("multiply_adds_per_second")));
        continue;
      }
      int n = 0, wire = 0;
      std::sscanf(run.run_name.args.c_str(), "%d/%d", &n, &wire);
      Measurement m;
      for (const auto &[name, counter] : run.counters)
        (name == "bytes_per_second" ? m.gate : m.baselines[name]) =
            counter.value;
      runs[run.run_name.function_name][n][wire].push_back(std::move(m));
    }
    ConsoleReporter::ReportRuns(reported);
  }
};

/// A ratio for the table, or "-" where there is none (`ratio` 0).
std::string ratioText(double ratio) {
  if (ratio <= 0)
    return "-";
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", ratio);
  return text;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t m = values.size();
  return m % 2 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2;
}

/// Over the repetitions of one gate on one wire, the median of
/// numerator / denominator, each a baseline's name or "" for the gate; 0
/// where a baseline did not run.
double medianRatio(const std::vector<Measurement> &repetitions,
                   const std::string &numerator,
                   const std::string &denominator) {
  auto bandwidth = [](const Measurement &m, const std::string &name) {
    if (name == kGate)
      return m.gate;
    const auto it = m.baselines.find(name);
    return it == m.baselines.end() ? 0.0 : it->second;
  };
  std::vector<double> ratios;
  for (const Measurement &m : repetitions) {
    const double below = bandwidth(m, denominator);
    ratios.push_back(below > 0 ? bandwidth(m, numerator) / below : 0);
  }
  return median(ratios);
}

void printSummary(const CollectingReporter &reporter,
                  const std::vector<GateCase> &cases) {
  if (reporter.runs.empty())
    return;
  std::printf(
      "\nGate bandwidth / stream bandwidth, over wires (1.00 = as fast as the "
      "stream),\neach against the stream measured alternately with it on the "
      "same state.\nBytes = those of the 64-byte lines holding amplitudes the "
      "gate acts on, read\nand written once. At the worst wire: \"pattern\": "
      "gate bandwidth / the bandwidth\nof the stream over only the lines the "
      "gate touches, as its kernel visits them;\n\"bare\": that pattern's "
      "bandwidth / the stream's, what the machine allows it.\nFor a dense "
      "matrix: \"bound\": the most its multiply-adds allow\n(MultiplyAddPeak)"
      " / the stream; \"fed\": the same at their rate with their\ninputs and "
      "factors read from L1, as a kernel must (MultiplyAddPeak/fed);\n"
      "\"limit\": the stream with those multiply-adds, in registers, / the "
      "stream;\n\"reads\": the same with each factor read from a table, as "
      "the kernel reads\nits matrix, / the stream. Groups of lines and these "
      "two are prefetched as\nthe line sweeps and as the dense kernel "
      "prefetch, the faster counting.\n");
  std::printf("%6s  %-20s %11s  %6s  %6s  %10s  %7s  %6s  %6s  %6s  %6s  %6s\n",
              "qubits", "gate", "stream GB/s", "worst", "median", "worst wire",
              "pattern", "bare", "bound", "fed", "limit", "reads");
  for (const GateCase &gate : cases) {
    const auto byGate = reporter.runs.find(gate.name);
    if (byGate == reporter.runs.end())
      continue;
    for (const auto &[n, byWire] : byGate->second) {
      std::vector<std::pair<double, int>> ratios; // (gate / stream, wire)
      std::vector<double> streams;
      for (const auto &[wire, repetitions] : byWire) {
        ratios.push_back({medianRatio(repetitions, kGate, kStream), wire});
        for (const Measurement &m : repetitions)
          streams.push_back(m.baselines.at(kStream));
      }
      std::sort(ratios.begin(), ratios.end());
      std::vector<double> values;
      for (const auto &ratio : ratios)
        values.push_back(ratio.first);
      const auto [worst, worstWire] = ratios.front();
      const std::vector<Measurement> &atWorst = byWire.at(worstWire);
      const double stream = median(streams);
      // The most a dense matrix reaches at `rate`, against the stream.
      auto boundAt = [&](double rate) {
        return gate.unitaryWires ? denseBound(rate, gate.unitaryWires) / stream
                                 : 0;
      };
      std::printf(
          "%6d  %-20s %11.1f  %6.2f  %6.2f  %10d  %7s  %6s  %6s  %6s  %6s  "
          "%6s\n",
          n, gate.name.c_str(), stream / 1e9, worst, median(values), worstWire,
          ratioText(medianRatio(atWorst, kGate, kPattern)).c_str(),
          ratioText(medianRatio(atWorst, kPattern, kStream)).c_str(),
          ratioText(boundAt(reporter.multiplyAddsPerSecond)).c_str(),
          ratioText(boundAt(reporter.fedMultiplyAddsPerSecond)).c_str(),
          ratioText(medianRatio(atWorst, kLimit, kStream)).c_str(),
          ratioText(medianRatio(atWorst, kReads, kStream)).c_str());
    }
  }
}

/// The default minimum time of a benchmark (of the gate's passes alone).
constexpr double kMinSeconds = 0.1;

/// The minimum time of a benchmark on more than 24 qubits where the user sets
/// none: kMinSeconds doubled per qubit above 24, so that those sizes get
/// about as many passes as 24 qubits get. (At 26 qubits 0.1 s held one or
/// two passes, and single wires swung between 0.49 and 0.85 of the stream
/// from run to run on a virtual machine.)
double largeStateMinSeconds(int numQubits) {
  return kMinSeconds * double(uint64_t(1) << (numQubits - 24));
}

/// Registers every gate on every wire at each qubit count; with
/// `defaultMinTime`, those on more than 24 qubits with largeStateMinSeconds.
void registerBenchmarks(const std::vector<int> &counts,
                        const std::vector<GateCase> &cases,
                        bool defaultMinTime) {
  benchmark::RegisterBenchmark(kMultiplyAddPeak, multiplyAddPeakBenchmark);
  benchmark::RegisterBenchmark(kFedMultiplyAddPeak,
                               fedMultiplyAddPeakBenchmark);
  for (int n : counts)
    for (const GateCase &gate : cases)
      for (int wire = 0; wire < n; ++wire) {
        benchmark::internal::Benchmark *run =
            benchmark::RegisterBenchmark(gate.name.c_str(), gateBenchmark, gate)
                ->Args({n, wire})
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond);
        if (defaultMinTime && n > 24)
          run->MinTime(largeStateMinSeconds(n));
      }
}

/// 20, 22 and 24 qubits, and 26 when the memory available holds the states
/// of all four (1.4 GiB) with room to spare (2 GiB).
std::vector<int> defaultQubitCounts() {
  std::vector<int> counts = {20, 22, 24};
  if (double(availableMemoryBytes()) >= 2 * stateBytes(26))
    counts.push_back(26);
  return counts;
}

} // namespace

int main(int argc, char **argv) {
  const std::vector<int> counts =
      qubitCountsFlag(argc, argv, defaultQubitCounts());
  for (int n : counts)
    if (n < kMaxUnitaryWires || n > 40) {
      std::fprintf(stderr,
                   "cot-bench-gates: --qubits takes counts from %d (the "
                   "widest dense gate) to 40, not %d\n",
                   kMaxUnitaryWires, n);
      return 1;
    }
  // The default minimum time as a flag placed before the user's, which may
  // override it; a benchmark's own minimum time would override theirs, so
  // the larger states take one only where the user sets none.
  const bool defaultMinTime =
      std::none_of(argv + 1, argv + argc, [](const char *arg) {
        return std::strncmp(arg, "--benchmark_min_time", 20) == 0;
      });
  std::vector<char *> args(argv, argv + argc);
  std::string minTime = "--benchmark_min_time=" + std::to_string(kMinSeconds);
  args.insert(args.begin() + 1, minTime.data());
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data()))
    return 1;
  const std::vector<GateCase> cases = gateCases();
  registerBenchmarks(counts, cases, defaultMinTime);
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  printSummary(reporter, cases);
  return 0;
}
