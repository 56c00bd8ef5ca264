//===- GateBandwidth.cpp - Gate kernels against memory bandwidth ---------===//
//
// For 20 to 26 qubits, applies RX, Hadamard, CNOT and CRX on every wire
// (two-qubit gates: target on the wire, control on its neighbour) and an
// in-place read-modify-write stream over a buffer of the same size, which is
// what a gate can at best achieve. Bandwidth counts the bytes of the 64-byte
// cache lines a gate must read and write, since memory moves whole lines: all
// of the state for RX and Hadamard; for CNOT and CRX the lines holding
// control=1 amplitudes, which is half of the state if the control's stride
// (16 bytes << wire) is a line or more, and all of it below (every line then
// holds both control values). After the runs, a table gives per size and gate
// the worst and the median (over wires) ratio of gate bandwidth to the
// stream's bandwidth.
//
// Usual Google Benchmark flags work (e.g. --benchmark_filter='CNOT/24/');
// the minimum time per benchmark defaults to 0.2 s to keep a full run to a
// few minutes. With --benchmark_repetitions the table takes each benchmark's
// best repetition, the least disturbed by other load on the machine.
//
//===----------------------------------------------------------------------===//

#include "AlignedBuffer.h"
#include "StateVectorDevice.h"
#include "TargetClones.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

using namespace cotangent::runtime;

namespace {

using Amplitude = std::complex<double>;

constexpr int kQubitCounts[] = {20, 22, 24, 26};

struct GateCase {
  const char *name;
  GateKind kind;
  bool controlled;
};
constexpr GateCase kGates[] = {{"RX", GateKind::RX, false},
                               {"Hadamard", GateKind::Hadamard, false},
                               {"CNOT", GateKind::CNOT, true},
                               {"CRX", GateKind::CRX, true}};
constexpr const char *kBaseline = "Stream";

/// The memory for one qubit count: a device in the uniform superposition (no
/// zeros, no denormals) and the stream's buffer. Benchmarks run grouped by
/// count, so each size is allocated once and freed before the next.
struct Workspace {
  int numQubits;
  std::unique_ptr<Device> device;
  AlignedBuffer<Amplitude> stream;
};

Workspace &workspace(int numQubits) {
  static std::unique_ptr<Workspace> current;
  if (!current || current->numQubits != numQubits) {
    current.reset();
    auto w = std::make_unique<Workspace>();
    w->numQubits = numQubits;
    w->device = makeStateVectorDevice();
    w->device->allocateQubits(numQubits);
    for (int64_t wire = 0; wire < numQubits; ++wire)
      w->device->applyGate(GateKind::Hadamard, false, nullptr, {&wire, 1});
    w->stream = AlignedBuffer<Amplitude>(size_t(1) << numQubits);
    std::fill(w->stream.data(), w->stream.data() + w->stream.size(),
              Amplitude(std::ldexp(1.0, -numQubits / 2)));
    current = std::move(w);
  }
  return *current;
}

double stateBytes(int numQubits) {
  return std::ldexp(double(sizeof(Amplitude)), numQubits);
}

constexpr size_t kCacheLine = 64;

/// Bytes read plus bytes written by a gate: each cache line holding an
/// amplitude the gate acts on counts whole, once each way. A control selects
/// half of the lines, unless its stride is below a line.
double touchedBytes(int numQubits, std::optional<int64_t> control) {
  const bool halves = control && (sizeof(Amplitude) << *control) >= kCacheLine;
  return 2 * stateBytes(numQubits) / (halves ? 2 : 1);
}

/// The baseline: data[i] *= (re + i im), spelled out like the kernels so it
/// vectorises the same way.
COT_TARGET_CLONES
void scaleInPlace(double *data, size_t count, double re, double im) {
  for (size_t i = 0; i < count; ++i) {
    const double a = data[2 * i], b = data[2 * i + 1];
    data[2 * i] = a * re - b * im;
    data[2 * i + 1] = a * im + b * re;
  }
}

void streamBenchmark(benchmark::State &state) {
  const int n = static_cast<int>(state.range(0));
  Workspace &w = workspace(n);
  const Amplitude factor =
      std::polar(1.0, 0.1); // |factor| = 1 keeps values bounded
  for (auto _ : state) {
    scaleInPlace(reinterpret_cast<double *>(w.stream.data()), w.stream.size(),
                 factor.real(), factor.imag());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations() * 2 * stateBytes(n)));
}

void gateBenchmark(benchmark::State &state, GateCase gate) {
  const int n = static_cast<int>(state.range(0));
  const int64_t target = state.range(1);
  Workspace &w = workspace(n);
  const int64_t control = target + 1 < n ? target + 1 : target - 1;
  const int64_t wires[2] = {gate.controlled ? control : target, target};
  const Wires list = gate.controlled ? Wires{wires, 2} : Wires{wires + 1, 1};
  const double angle = 0.3;
  for (auto _ : state) {
    w.device->applyGate(gate.kind, false, &angle, list);
    benchmark::ClobberMemory();
  }
  const std::optional<int64_t> controlWire =
      gate.controlled ? std::optional<int64_t>(control) : std::nullopt;
  state.SetBytesProcessed(
      int64_t(state.iterations() * touchedBytes(n, controlWire)));
}

/// Console output as usual, and the bandwidth of every run kept for the table.
class CollectingReporter : public benchmark::ConsoleReporter {
public:
  CollectingReporter()
      : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}

  // bandwidth[name][n][wire], the best over repetitions; the stream has wire 0.
  std::map<std::string, std::map<int, std::map<int, double>>> bandwidth;

  void ReportRuns(const std::vector<Run> &runs) override {
    for (const Run &run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred)
        continue;
      int n = 0, wire = 0;
      std::sscanf(run.run_name.args.c_str(), "%d/%d", &n, &wire);
      double &best = bandwidth[run.run_name.function_name][n][wire];
      best = std::max(best, double(run.counters.at("bytes_per_second")));
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

void printSummary(const CollectingReporter &reporter) {
  const auto &baselines = reporter.bandwidth.find(kBaseline);
  if (baselines == reporter.bandwidth.end())
    return;
  std::printf("\nGate bandwidth / stream bandwidth, over wires (1.00 = as fast "
              "as the stream)\n"
              "Bytes = those of the 64-byte cache lines holding amplitudes the "
              "gate acts on,\n"
              "read and written once: the whole state, or half of it for a "
              "control on a wire\n"
              "of stride 64 bytes (wire 2) or more.\n");
  std::printf("%6s  %-9s %12s  %7s  %7s  %s\n", "qubits", "gate", "stream GB/s",
              "worst", "median", "worst wire");
  for (const auto &[n, streamByWire] : baselines->second) {
    const double stream = streamByWire.at(0);
    for (const GateCase &gate : kGates) {
      const auto byGate = reporter.bandwidth.find(gate.name);
      if (byGate == reporter.bandwidth.end() || !byGate->second.count(n))
        continue;
      std::vector<std::pair<double, int>> ratios; // (ratio, wire)
      for (const auto &[wire, bytesPerSecond] : byGate->second.at(n))
        ratios.push_back({bytesPerSecond / stream, wire});
      std::sort(ratios.begin(), ratios.end());
      const size_t m = ratios.size();
      const double median =
          m % 2 ? ratios[m / 2].first
                : (ratios[m / 2 - 1].first + ratios[m / 2].first) / 2;
      std::printf("%6d  %-9s %12.1f  %7.2f  %7.2f  %d\n", n, gate.name,
                  stream / 1e9, ratios[0].first, median, ratios[0].second);
    }
  }
}

void registerBenchmarks() {
  for (int n : kQubitCounts) {
    benchmark::RegisterBenchmark(kBaseline, streamBenchmark)
        ->Args({n, 0})
        ->Unit(benchmark::kMillisecond);
    for (const GateCase &gate : kGates)
      for (int wire = 0; wire < n; ++wire)
        benchmark::RegisterBenchmark(gate.name, gateBenchmark, gate)
            ->Args({n, wire})
            ->Unit(benchmark::kMillisecond);
  }
}

} // namespace

int main(int argc, char **argv) {
  // A default minimum time placed before the user's flags, which may override
  // it.
  std::vector<char *> args(argv, argv + argc);
  char minTime[] = "--benchmark_min_time=0.2";
  args.insert(args.begin() + 1, minTime);
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data()))
    return 1;
  registerBenchmarks();
  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  printSummary(reporter);
  return 0;
}
