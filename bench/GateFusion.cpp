//===- GateFusion.cpp - Forward simulation with and without gate fusion --===//
//
// Two circuits at 20, 22 and 24 qubits (--qubits=a,b,...), each measured by
// <Z_0>, compiled through the embedding API with gate fusion off and with
// fused blocks of up to 1, 2, 3 and 4 qubits (CompileOptions::fusedBlockWires):
//  - "layered": 10 layers of RX, RY and RZ on every wire, then a CNOT ladder;
//  - "random": 400 gates, each drawn from H, S, T, RX, RY, RZ, CNOT, CZ, CRX,
//    SWAP and IsingXX on random wires (seed 11).
// In the same run an in-place read-modify-write stream over a buffer of the
// state's size (InPlaceStream.h, the baseline of cot-bench-gates) gives the
// time of one sweep over memory. The table prints each circuit's time as
// sweeps (circuit time / stream time) and the speedup of each fused version
// over the unfused one.
//
//===----------------------------------------------------------------------===//

#include "cotangent/API/Cotangent.h"

#include "InPlaceStream.h"
#include "QubitCountsFlag.h"
#include "TimeReporter.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <complex>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int kLayers = 10;
constexpr int kRandomGates = 400;
constexpr int kBlockSizes[] = {0, 1, 2, 3, 4}; // 0: no fusion

/// Writes gates on SSA qubit values, one per wire, and the angles as
/// constants.
class CircuitWriter {
public:
  explicit CircuitWriter(int qubits) : wire(qubits) {
    s << "func.func @main() -> f64 {\n"
      << "  %r = quantum.alloc(" << qubits << ") : !quantum.reg\n";
    for (int q = 0; q < qubits; ++q) {
      wire[q] = "%q" + std::to_string(q);
      s << "  " << wire[q] << " = quantum.extract %r[" << q
        << "] : !quantum.reg -> !quantum.bit\n";
    }
  }

  void gate(const std::string &name, const std::vector<int> &qubits,
            const std::vector<double> &angles) {
    std::string params;
    for (double a : angles) {
      const std::string p = "%p" + std::to_string(next++);
      s << "  " << p << " = arith.constant " << a << " : f64\n";
      params += (params.empty() ? "" : ", ") + p;
    }
    const std::string out = "%g" + std::to_string(next++);
    s << "  " << out;
    if (qubits.size() > 1)
      s << ":" << qubits.size();
    s << " = quantum.custom \"" << name << "\"(" << params << ")";
    for (size_t i = 0; i < qubits.size(); ++i)
      s << (i ? ", " : " ") << wire[qubits[i]];
    s << " :";
    for (size_t i = 0; i < qubits.size(); ++i) {
      s << (i ? ", " : " ") << "!quantum.bit";
      wire[qubits[i]] = qubits.size() > 1 ? out + "#" + std::to_string(i) : out;
    }
    s << "\n";
  }

  std::string finish() {
    s << "  %o = quantum.namedobs " << wire[0] << "[PauliZ] : !quantum.obs\n"
      << "  %e = quantum.expval %o : f64\n"
      << "  quantum.dealloc %r : !quantum.reg\n"
      << "  return %e : f64\n}\n";
    return s.str();
  }

private:
  std::vector<std::string> wire;
  std::ostringstream s;
  int next = 0;
};

std::string layeredCircuit(int qubits) {
  CircuitWriter w(qubits);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> angle(-3, 3);
  for (int l = 0; l < kLayers; ++l) {
    for (const char *rotation : {"RX", "RY", "RZ"})
      for (int q = 0; q < qubits; ++q)
        w.gate(rotation, {q}, {angle(rng)});
    for (int q = 0; q + 1 < qubits; ++q)
      w.gate("CNOT", {q, q + 1}, {});
  }
  return w.finish();
}

std::string randomCircuit(int qubits) {
  struct Choice {
    const char *name;
    int wires, params;
  };
  const Choice gates[] = {{"Hadamard", 1, 0}, {"S", 1, 0},      {"T", 1, 0},
                          {"RX", 1, 1},       {"RY", 1, 1},     {"RZ", 1, 1},
                          {"CNOT", 2, 0},     {"CZ", 2, 0},     {"CRX", 2, 1},
                          {"SWAP", 2, 0},     {"IsingXX", 2, 1}};
  CircuitWriter w(qubits);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> angle(-3, 3);
  std::uniform_int_distribution<int> pick(0, std::size(gates) - 1),
      wire(0, qubits - 1);
  for (int g = 0; g < kRandomGates; ++g) {
    const Choice &c = gates[pick(rng)];
    std::vector<int> on = {wire(rng)};
    while (static_cast<int>(on.size()) < c.wires) {
      const int other = wire(rng);
      if (std::find(on.begin(), on.end(), other) == on.end())
        on.push_back(other);
    }
    std::vector<double> angles(c.params);
    for (double &a : angles)
      a = angle(rng);
    w.gate(c.name, on, angles);
  }
  return w.finish();
}

std::shared_ptr<cotangent::Program> compile(const std::string &text,
                                            int blockWires) {
  cotangent::CompileOptions options;
  options.fuseGates = blockWires > 0;
  if (blockWires > 0)
    options.fusedBlockWires = blockWires;
  auto program = cotangent::Program::compile(text, "circuit", options);
  if (!program) {
    std::fprintf(stderr, "%s\n", program.error().message.c_str());
    std::exit(1);
  }
  return std::make_shared<cotangent::Program>(std::move(*program));
}

/// The in-place stream over one state's worth of amplitudes.
void streamBenchmark(benchmark::State &state) {
  const int numQubits = static_cast<int>(state.range(0));
  std::vector<std::complex<double>> data(size_t(1) << numQubits, 1e-3);
  const std::complex<double> factor = std::polar(1.0, 0.1);
  for (auto _ : state) {
    scaleSelectedLines(data.data(), numQubits, 0, factor);
    benchmark::DoNotOptimize(data.data());
    benchmark::ClobberMemory();
  }
}

std::string caseName(const char *circuit, int qubits, int blockWires) {
  return std::string(circuit) + "/" + std::to_string(qubits) + "/" +
         (blockWires ? "fused" + std::to_string(blockWires) : "unfused");
}

} // namespace

int main(int argc, char **argv) {
  const std::vector<int> counts = qubitCountsFlag(argc, argv, {20, 22, 24});
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  const char *circuits[] = {"layered", "random"};
  for (int n : counts) {
    benchmark::RegisterBenchmark("stream", streamBenchmark)
        ->Arg(n)
        ->Unit(benchmark::kMillisecond);
    for (const char *circuit : circuits) {
      const std::string text = std::strcmp(circuit, "layered") == 0
                                   ? layeredCircuit(n)
                                   : randomCircuit(n);
      for (int k : kBlockSizes) {
        std::shared_ptr<cotangent::Program> program = compile(text, k);
        benchmark::RegisterBenchmark(
            caseName(circuit, n, k).c_str(),
            [program](benchmark::State &state) {
              for (auto _ : state) {
                auto results =
                    program->call("main", std::vector<cotangent::Array>{});
                if (!results) {
                  state.SkipWithError(results.error().message.c_str());
                  return;
                }
                benchmark::DoNotOptimize(results->front().data());
              }
            })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
      }
    }
  }
  TimeReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  // The programs go now, while LLVM's own static data still lives (the JIT
  // compiles its deinitializers when a program is destroyed).
  benchmark::ClearRegisteredBenchmarks();
  benchmark::Shutdown();

  std::printf("\nForward simulation as sweeps (circuit time / one in-place "
              "stream over the state),\nand the speedup of fusion (unfused "
              "time / fused time); blocks of up to K qubits.\n");
  std::printf("%-8s %6s %9s", "circuit", "qubits", "unfused");
  for (int k : kBlockSizes)
    if (k)
      std::printf(" %8s%d", "K=", k);
  for (int k : kBlockSizes)
    if (k)
      std::printf(" %9s%d", "speedup", k);
  std::printf("\n");
  for (int n : counts) {
    const double stream = reporter.secondsOf("stream/" + std::to_string(n));
    for (const char *circuit : circuits) {
      const double unfused = reporter.secondsOf(caseName(circuit, n, 0));
      if (stream == 0 || unfused == 0)
        continue;
      std::printf("%-8s %6d %9.1f", circuit, n, unfused / stream);
      for (int k : kBlockSizes)
        if (k)
          std::printf(" %9.1f",
                      reporter.secondsOf(caseName(circuit, n, k)) / stream);
      for (int k : kBlockSizes)
        if (k)
          std::printf(" %10.2f",
                      unfused / reporter.secondsOf(caseName(circuit, n, k)));
      std::printf("\n");
    }
  }
  return 0;
}
