//===- GateBandwidth.cpp - Gate kernels against memory bandwidth ---------===//
//
// For 20, 22 and 24 qubits, and 26 when the machine has the memory for it
// (--qubits=a,b,... to choose), applies every gate of Gates.def (Identity,
// which does nothing, aside) and dense unitaries on 2 to 5 wires
// ("Unitary2" ... "Unitary5", the discrete Fourier transform of their wires)
// on every wire, and runs these baselines:
//  - "Stream": an in-place read-modify-write stream over a buffer of the
//    state's size in the kernels' own prefetching sweep (InPlaceStream.h),
//    what a gate touching every line can at best achieve;
//  - "Pattern/<n>/<mask>": the same stream over only the 64-byte lines whose
//    index has every bit of `mask` set, the bare access pattern of a gate
//    controlled on those bits;
//  - "SWAPPattern/<n>/<wire>" (and so for CSWAP and the excitation gates):
//    the same stream over only the lines a gate on two basis states of its
//    wires touches there, in pairs as its kernel visits them;
//  - "TargetPattern/<n>/<wire>" ("CTargetPattern", "CCTargetPattern" with one
//    or two controls): the same for a 2x2 matrix on a target from wire 2 up,
//    over the lines its controls select, in pairs of lines that differ in the
//    target bit, as its kernel visits them;
//  - "MultiplyAddPeak": independent multiply-add chains in registers, on the
//    vectors the dense kernel uses on this CPU. A k-wire dense matrix costs
//    4 * 2^k multiply-adds of doubles per amplitude, so the peak bounds what
//    UnitaryK can reach: the table's "bound" is that limit / the stream;
//  - "MultiplyAddStream/<n>/<k>": the stream doing those multiply-adds on
//    every line it passes, in registers, with nothing else of a dense gate's
//    work (InPlaceStream.h): the table's "limit" for UnitaryK is its
//    bandwidth / the stream's, what memory and arithmetic together allow;
//  - "MultiplyAddReadStream/<n>/<k>": the same with each multiply-add's
//    factor read from a table in the L1 cache, as the dense kernel reads its
//    matrix (for k >= 3 the entries outnumber the registers): the table's
//    "reads" column.
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
// (an eighth of the state when all four are wire 2 and up). After the
// runs a table gives per size and gate the worst and the median (over wires)
// ratio of gate bandwidth to the stream's, and at the worst wire the ratio
// to the gate's bare access pattern, where it has one other than the stream.
//
// Usual Google Benchmark flags work (e.g. --benchmark_filter='^CNOT/24/');
// the minimum time per benchmark defaults to 0.1 s. With
// --benchmark_repetitions the table takes each benchmark's best repetition,
// the least disturbed by other load on the machine; on machines whose memory
// bandwidth drifts (virtual machines), add
// --benchmark_enable_random_interleaving=true, so that the stream and the
// gates are measured across the same stretch of time.
//
//===----------------------------------------------------------------------===//

#include "AlignedBuffer.h"
#include "GateMatrices.h"
#include "InPlaceStream.h"
#include "StateVector.h"
#include "StateVectorDevice.h"
#include "TargetClones.h"

#include "QubitCountsFlag.h"
#include "cotangent/Runtime/MemoryInfo.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

using namespace cotangent::runtime;

namespace {

using Amplitude = std::complex<double>;

constexpr const char *kStream = "Stream";
constexpr const char *kPattern = "Pattern";
constexpr const char *kMultiplyAddPeak = "MultiplyAddPeak";
constexpr const char *kMultiplyAddStream = "MultiplyAddStream";
constexpr const char *kMultiplyAddReadStream = "MultiplyAddReadStream";
constexpr int kMaxUnitaryWires = 5;
constexpr int kMultiRZWires = 3;
constexpr size_t kCacheLine = 64;

/// One benchmarked operation: a gate kind, or a dense unitary on
/// `unitaryWires` wires.
struct GateCase {
  std::string name;
  GateKind kind = GateKind::Identity;
  int unitaryWires = 0;

  int numWires() const {
    if (unitaryWires)
      return unitaryWires;
    const int fixed = gateInfo(kind).numWires;
    return fixed ? fixed : kMultiRZWires;
  }
  /// How many of the leading wires are controls.
  int numControls() const {
    if (unitaryWires)
      return 0;
    const std::vector<double> params(gateInfo(kind).numParams, 0.3);
    return gateOperator(kind, params.data(), false).numControls;
  }
};

std::vector<GateCase> gateCases() {
  std::vector<GateCase> cases;
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateKind kind = static_cast<GateKind>(code);
    if (kind != GateKind::Identity)
      cases.push_back({gateInfo(kind).name, kind, 0});
  }
  for (int k = 2; k <= kMaxUnitaryWires; ++k)
    cases.push_back({"Unitary" + std::to_string(k), GateKind::Identity, k});
  return cases;
}

/// The device wires of a case on wire `wire`: target last, on `wire`.
std::vector<int64_t> wiresOn(const GateCase &gate, int wire, int numQubits) {
  const int k = gate.numWires();
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
  for (int i = 0; i < gate.numControls(); ++i)
    if ((sizeof(Amplitude) << wires[i]) >= kCacheLine)
      mask |= uint64_t(1) << wires[i];
  return mask;
}

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

/// The memory for one qubit count: a device in the uniform superposition (no
/// zeros, no denormals) and the baselines' buffer. Made on first use and kept
/// for the run, so that repetitions interleaved across counts do not rebuild
/// it for every benchmark.
struct Workspace {
  std::unique_ptr<Device> device;
  AlignedBuffer<Amplitude> stream;
};

Workspace &workspace(int numQubits) {
  static std::map<int, std::unique_ptr<Workspace>> workspaces;
  std::unique_ptr<Workspace> &w = workspaces[numQubits];
  if (!w) {
    w = std::make_unique<Workspace>();
    w->device = makeStateVectorDevice();
    w->device->allocateQubits(numQubits);
    for (int64_t wire = 0; wire < numQubits; ++wire)
      w->device->applyGate(GateKind::Hadamard, false, nullptr, {&wire, 1});
    w->stream = AlignedBuffer<Amplitude>(size_t(1) << numQubits);
    std::fill(w->stream.data(), w->stream.data() + w->stream.size(),
              Amplitude(std::ldexp(1.0, -numQubits / 2)));
  }
  return *w;
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

/// For a gate on two basis states of its wires (SWAP, CSWAP, the excitation
/// gates): the wires that select lines, and what they read in the lines of
/// either state. For a 2x2 matrix on a target from wire 2 up: the controls
/// that select lines and the target, which reads 0 in one line of a pair and
/// 1 in the other.
struct LinePairs {
  uint64_t fixedMask = 0, aBits = 0, bBits = 0;
};
std::optional<LinePairs> linePairs(const GateCase &gate,
                                   const std::vector<int64_t> &wires) {
  if (gate.unitaryWires)
    return std::nullopt;
  const std::vector<double> params(gateInfo(gate.kind).numParams, 0.3);
  const GateOperator op = gateOperator(gate.kind, params.data(), false);
  if (op.form == GateOperator::Form::Controlled) {
    if ((sizeof(Amplitude) << wires.back()) < kCacheLine)
      return std::nullopt;
    const uint64_t controls = lineControlMask(gate, wires),
                   target = uint64_t(1) << wires.back();
    return LinePairs{controls | target, controls, controls | target};
  }
  if (op.form != GateOperator::Form::Pair)
    return std::nullopt;
  const int k = static_cast<int>(wires.size());
  LinePairs pairs;
  for (int i = 0; i < k; ++i)
    if ((sizeof(Amplitude) << wires[i]) >= kCacheLine) {
      const uint64_t wireBit = uint64_t(1) << wires[i];
      pairs.fixedMask |= wireBit;
      pairs.aBits |= (op.pairLow >> (k - 1 - i)) & 1 ? wireBit : 0;
      pairs.bBits |= (op.pairHigh >> (k - 1 - i)) & 1 ? wireBit : 0;
    }
  return pairs;
}

/// Bytes read plus bytes written by a gate: over the lines its controls
/// select, or for a gate on two basis states, over the lines where the wires
/// that select lines read one of the two.
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

/// The stream with the multiply-adds of a dense matrix on k wires, their
/// factors in a register or read from a table.
void multiplyAddStreamBenchmark(benchmark::State &state,
                                bool factorsFromTable) {
  const int n = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  Workspace &w = workspace(n);
  for (auto _ : state) {
    streamWithMultiplyAdds(w.stream.data(), n, k, factorsFromTable);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations() * touchedBytes(n, 0)));
}

void streamBenchmark(benchmark::State &state) {
  const int n = static_cast<int>(state.range(0));
  const uint64_t mask = static_cast<uint64_t>(state.range(1));
  Workspace &w = workspace(n);
  for (auto _ : state) {
    scaleSelectedLines(w.stream.data(), n, mask, kFactor);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations() * touchedBytes(n, mask)));
}

/// The name of the bare pattern of a gate that visits lines in pairs:
/// "SWAPPattern" for SWAP; for a 2x2 matrix on a target, shared by all gates
/// with as many controls, "TargetPattern" with a "C" per control before it.
std::string pairPatternName(const GateCase &gate) {
  const std::vector<double> params(gateInfo(gate.kind).numParams, 0.3);
  if (gateOperator(gate.kind, params.data(), false).form ==
      GateOperator::Form::Controlled)
    return std::string(gate.numControls(), 'C') + "Target" + kPattern;
  return gate.name + kPattern;
}

/// The stream over the lines a gate that visits lines in pairs touches, in
/// its kernel's order (at the gate's wires).
void pairPatternBenchmark(benchmark::State &state, const GateCase &gate) {
  const int n = static_cast<int>(state.range(0));
  const int wire = static_cast<int>(state.range(1));
  Workspace &w = workspace(n);
  const std::vector<int64_t> wires = wiresOn(gate, wire, n);
  const LinePairs pairs = *linePairs(gate, wires);
  for (auto _ : state) {
    scaleLinePairs(w.stream.data(), n, pairs.fixedMask, pairs.aBits,
                   pairs.bBits, kFactor);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(
      int64_t(state.iterations() * gateBytes(gate, wires, n)));
}

void gateBenchmark(benchmark::State &state, const GateCase &gate) {
  const int n = static_cast<int>(state.range(0));
  const int wire = static_cast<int>(state.range(1));
  Workspace &w = workspace(n);
  const std::vector<int64_t> wires = wiresOn(gate, wire, n);
  const Wires list{wires.data(), static_cast<int64_t>(wires.size())};
  const double params[3] = {0.3, 0.2, 0.1};
  const std::vector<Amplitude> matrix = gate.unitaryWires
                                            ? fourierMatrix(gate.unitaryWires)
                                            : std::vector<Amplitude>();
  for (auto _ : state) {
    if (gate.unitaryWires)
      w.device->applyMatrix(matrix.data(), false, list);
    else
      w.device->applyGate(gate.kind, false, params, list);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(
      int64_t(state.iterations() * gateBytes(gate, wires, n)));
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

// The chains on the vectors of each instruction set (those of the dense
// kernel: DenseGate.cpp).
typedef double Doubles8 __attribute__((vector_size(64)));
typedef double Doubles4 __attribute__((vector_size(32)));
typedef double Doubles2 __attribute__((vector_size(16)));
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("arch=x86-64-v4"))) double
multiplyAddsAvx512(size_t rounds, double seed, double &sink) {
  return multiplyAddChains<Doubles8>(rounds, seed, sink);
}
__attribute__((target("arch=x86-64-v3"))) double
multiplyAddsAvx2(size_t rounds, double seed, double &sink) {
  return multiplyAddChains<Doubles4>(rounds, seed, sink);
}
#endif
double multiplyAddsBaseline(size_t rounds, double seed, double &sink) {
  return multiplyAddChains<Doubles2>(rounds, seed, sink);
}

void multiplyAddPeakBenchmark(benchmark::State &state) {
  constexpr size_t kRounds = 1 << 16;
  double sink = 0, done = 0;
  for (auto _ : state)
    switch (kernels::hostVectorISA()) {
#if defined(__x86_64__) && defined(__GNUC__)
    case kernels::VectorISA::AVX512:
      done += multiplyAddsAvx512(kRounds, 0.5, sink);
      break;
    case kernels::VectorISA::AVX2:
      done += multiplyAddsAvx2(kRounds, 0.5, sink);
      break;
#endif
    default:
      done += multiplyAddsBaseline(kRounds, 0.5, sink);
    }
  benchmark::DoNotOptimize(sink);
  state.counters["multiply_adds_per_second"] =
      benchmark::Counter(done, benchmark::Counter::kIsRate);
}

/// The bytes per second (read and written) that a k-wire dense matrix can at
/// most reach at `multiplyAddsPerSecond`: a 64-byte line (4 amplitudes, 128
/// bytes moved) costs 16 * 2^k multiply-adds.
double denseBound(double multiplyAddsPerSecond, int k) {
  return multiplyAddsPerSecond * 2 * kCacheLine / (16 << k);
}

/// Console output as usual, and the bandwidth of every run kept for the table.
class CollectingReporter : public benchmark::ConsoleReporter {
public:
  CollectingReporter()
      : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}

  // bandwidth[name][n][wire or mask], the best over repetitions.
  std::map<std::string, std::map<int, std::map<int64_t, double>>> bandwidth;
  double multiplyAddsPerSecond = 0; // the best MultiplyAddPeak

  void ReportRuns(const std::vector<Run> &runs) override {
    for (const Run &run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred)
        continue;
      if (run.run_name.function_name == kMultiplyAddPeak) {
        multiplyAddsPerSecond =
            std::max(multiplyAddsPerSecond,
                     double(run.counters.at("multiply_adds_per_second")));
        continue;
      }
      int n = 0;
      long long second = 0;
      std::sscanf(run.run_name.args.c_str(), "%d/%lld", &n, &second);
      double &best = bandwidth[run.run_name.function_name][n][second];
      best = std::max(best, double(run.counters.at("bytes_per_second")));
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

/// The best bandwidth of benchmark `name` at n qubits and second argument
/// `key` (a wire, mask or wire count), or 0 if it did not run.
double bandwidthOf(const CollectingReporter &reporter, const std::string &name,
                   int n, int64_t key) {
  const auto byName = reporter.bandwidth.find(name);
  if (byName == reporter.bandwidth.end() || !byName->second.count(n) ||
      !byName->second.at(n).count(key))
    return 0;
  return byName->second.at(n).at(key);
}

/// A ratio for the table, or "-" where there is none (`ratio` 0).
std::string ratioText(double ratio) {
  if (ratio <= 0)
    return "-";
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", ratio);
  return text;
}

double median(std::vector<double> sorted) {
  const size_t m = sorted.size();
  return m % 2 ? sorted[m / 2] : (sorted[m / 2 - 1] + sorted[m / 2]) / 2;
}

void printSummary(const CollectingReporter &reporter,
                  const std::vector<GateCase> &cases) {
  const auto streams = reporter.bandwidth.find(kStream);
  if (streams == reporter.bandwidth.end())
    return;
  std::printf(
      "\nGate bandwidth / stream bandwidth, over wires (1.00 = as fast as the "
      "stream).\nBytes = those of the 64-byte lines holding amplitudes the "
      "gate acts on, read\nand written once. \"pattern\": at the worst wire, "
      "gate bandwidth / the bandwidth\nof the stream over only the lines the "
      "gate's controls select (or, for a gate\non two basis states, the lines "
      "where its wires read one of them), in\npairs as the gate visits them "
      "where it does (a 2x2 matrix on a target from\nwire 2 up, a gate on two "
      "basis states).\n\"bound\": for a dense matrix, the "
      "most its multiply-adds allow\n(MultiplyAddPeak) / the stream; "
      "\"limit\": the stream with those multiply-adds\n(MultiplyAddStream) / "
      "the stream; \"reads\": the same with each factor read\nfrom a table, as "
      "the kernel reads its matrix (MultiplyAddReadStream) / the stream.\n");
  std::printf("%6s  %-20s %11s  %6s  %6s  %10s  %7s  %6s  %6s  %6s\n", "qubits",
              "gate", "stream GB/s", "worst", "median", "worst wire", "pattern",
              "bound", "limit", "reads");
  for (const auto &[n, streamByMask] : streams->second) {
    const double stream = streamByMask.at(0);
    for (const GateCase &gate : cases) {
      const auto byGate = reporter.bandwidth.find(gate.name);
      if (byGate == reporter.bandwidth.end() || !byGate->second.count(n))
        continue;
      std::vector<std::pair<double, int>> ratios; // (ratio, wire)
      for (const auto &[wire, bytesPerSecond] : byGate->second.at(n))
        ratios.push_back({bytesPerSecond / stream, static_cast<int>(wire)});
      std::sort(ratios.begin(), ratios.end());
      std::vector<double> values;
      for (const auto &ratio : ratios)
        values.push_back(ratio.first);
      const auto [worst, worstWire] = ratios.front();
      const uint64_t mask = lineControlMask(gate, wiresOn(gate, worstWire, n));
      // The bare pattern: of the controls, or of the pairs of lines.
      double patternBandwidth =
          mask ? bandwidthOf(reporter, kPattern, n, mask) : 0;
      if (const double pair =
              bandwidthOf(reporter, pairPatternName(gate), n, worstWire))
        patternBandwidth = pair;
      const std::string pattern = ratioText(
          patternBandwidth > 0 ? worst * stream / patternBandwidth : 0);
      const std::string bound = ratioText(
          gate.unitaryWires
              ? denseBound(reporter.multiplyAddsPerSecond, gate.unitaryWires) /
                    stream
              : 0);
      // A dense gate's stream with its multiply-adds, against the stream.
      auto withMultiplyAdds = [&](const char *name) {
        return ratioText(
            gate.unitaryWires
                ? bandwidthOf(reporter, name, n, gate.unitaryWires) / stream
                : 0);
      };
      const std::string limit = withMultiplyAdds(kMultiplyAddStream),
                        reads = withMultiplyAdds(kMultiplyAddReadStream);
      std::printf("%6d  %-20s %11.1f  %6.2f  %6.2f  %10d  %7s  %6s  %6s  %6s\n",
                  n, gate.name.c_str(), stream / 1e9, worst, median(values),
                  worstWire, pattern.c_str(), bound.c_str(), limit.c_str(),
                  reads.c_str());
    }
  }
}

void registerBenchmarks(const std::vector<int> &counts,
                        const std::vector<GateCase> &cases) {
  benchmark::RegisterBenchmark(kMultiplyAddPeak, multiplyAddPeakBenchmark);
  for (int n : counts) {
    std::set<uint64_t> masks = {0};
    for (const GateCase &gate : cases)
      for (int wire = 0; wire < n; ++wire)
        masks.insert(lineControlMask(gate, wiresOn(gate, wire, n)));
    for (uint64_t mask : masks)
      benchmark::RegisterBenchmark(mask ? kPattern : kStream, streamBenchmark)
          ->Args({n, static_cast<int64_t>(mask)})
          ->Unit(benchmark::kMillisecond);
    for (int k = 2; k <= kMaxUnitaryWires; ++k)
      for (bool fromTable : {false, true})
        benchmark::RegisterBenchmark(fromTable ? kMultiplyAddReadStream
                                               : kMultiplyAddStream,
                                     multiplyAddStreamBenchmark, fromTable)
            ->Args({n, k})
            ->Unit(benchmark::kMillisecond);
    std::set<std::pair<std::string, int>> pairPatterns; // (name, wire)
    for (const GateCase &gate : cases)
      for (int wire = 0; wire < n; ++wire) {
        benchmark::RegisterBenchmark(gate.name.c_str(), gateBenchmark, gate)
            ->Args({n, wire})
            ->Unit(benchmark::kMillisecond);
        if (linePairs(gate, wiresOn(gate, wire, n)) &&
            pairPatterns.insert({pairPatternName(gate), wire}).second)
          benchmark::RegisterBenchmark(pairPatternName(gate).c_str(),
                                       pairPatternBenchmark, gate)
              ->Args({n, wire})
              ->Unit(benchmark::kMillisecond);
      }
  }
}

/// 20, 22 and 24 qubits, and 26 when the memory available holds the
/// workspaces of all four (2.7 GiB) with room to spare (4 GiB).
std::vector<int> defaultQubitCounts() {
  std::vector<int> counts = {20, 22, 24};
  if (double(availableMemoryBytes()) >= 4 * stateBytes(26))
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
  // A default minimum time placed before the user's flags, which may override
  // it.
  std::vector<char *> args(argv, argv + argc);
  char minTime[] = "--benchmark_min_time=0.1";
  args.insert(args.begin() + 1, minTime);
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data()))
    return 1;
  const std::vector<GateCase> cases = gateCases();
  registerBenchmarks(counts, cases);
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  printSummary(reporter, cases);
  return 0;
}
