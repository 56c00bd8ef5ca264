//===- CallbackOverhead.cpp - the cost of calling host code ---------------===//
//
// A compiled loop calls a scalar host callback `add_one` N times; in the
// same run a C++ loop makes N calls of the same function through a pointer
// the compiler cannot see through (a plain indirect call). Prints the
// nanoseconds per callback call and their ratio to the indirect call, and
// the heap allocations (operator new) per primal callback call.
//
// Then the memory of differentiated callback calls (add_one has a gradient
// whose residual is the input): the resident set after 10^4 and after 10^6
// calls of an entry that differentiates one callback call (flat: nothing is
// kept between calls), and the peak resident set of one gradient through a
// loop of 10^4 and of 10^6 callback calls (the tape and the host's
// residuals of every iteration are alive at once, so it grows linearly:
// bytes per iteration).
//
//   cot-bench-callbacks [--calls N]      (default 1000000)
//
//===----------------------------------------------------------------------===//

#include "cotangent/API/Callbacks.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <string>

namespace {

std::atomic<int64_t> allocations{0};

} // namespace

// Counts every C++ heap allocation of the process (the library's too).
void *operator new(std::size_t bytes) {
  ++allocations;
  if (void *memory = std::malloc(bytes ? bytes : 1))
    return memory;
  throw std::bad_alloc();
}
void operator delete(void *memory) noexcept { std::free(memory); }
void operator delete(void *memory, std::size_t) noexcept { std::free(memory); }

namespace {

using namespace cotangent;

const char *const kProgram = R"(
callback.declare @add_one : (f64) -> f64
func.func @loop(%x0: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = arith.index_cast %n : i64 to index
  %r = scf.for %i = %c0 to %count step %c1 iter_args(%x = %x0) -> f64 {
    %y = callback.call @add_one(%x) : (f64) -> f64
    scf.yield %y : f64
  }
  return %r : f64
}
func.func @dloop(%x0: f64, %n: i64) -> f64 {
  %g = gradient.grad @loop(%x0, %n) : (f64, i64) -> f64
  return %g : f64
}
)";

struct Residual {
  double x;
};

CallbackRegistry addOne() {
  CallbackRegistry registry;
  const ArrayType f64{ElementType::F64, {}};
  registry.define(
      "add_one", {{f64}, {f64}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        out.scalar<double>(0) = in.scalar<double>(0) + 1;
      },
      CallbackGradient<Residual>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            out.scalar<double>(0) = in.scalar<double>(0) + 1;
            return Residual{in.scalar<double>(0)};
          },
          [](Residual &, const CallbackInputs &ct, const CallbackOutputs &d) {
            d.scalar<double>(0) = ct.scalar<double>(0);
          }});
  return registry;
}

[[gnu::noinline]] double addOneDirect(double x) { return x + 1; }
double (*volatile indirectAddOne)(double) = addOneDirect;

double callLoop(const Program &program, const char *entry, int64_t n) {
  Result<std::vector<Array>> results =
      program.call(entry, {Array::scalar(1.0), Array::scalar(n)});
  if (!results) {
    std::fprintf(stderr, "%s\n", results.error().message.c_str());
    std::exit(1);
  }
  return *results->at(0).as<double>();
}

/// The resident set now and its high-water mark, in KiB (Linux).
std::pair<long, long> residentKiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  long now = 0, peak = 0;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0)
      now = std::atol(line.c_str() + 6);
    if (line.rfind("VmHWM:", 0) == 0)
      peak = std::atol(line.c_str() + 6);
  }
  return {now, peak};
}

/// Forgets the high-water mark, so the next peak is measured afresh.
void resetPeak() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

} // namespace

int main(int argc, char **argv) {
  int64_t calls = 1000000;
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--calls=", 8) == 0)
      calls = std::atoll(argv[i] + 8);
  benchmark::Initialize(&argc, argv);

  CallbackRegistry registry = addOne();
  CompileOptions options;
  options.callbacks = &registry;
  Result<Program> compiled = Program::compile(kProgram, "bench.mlir", options);
  if (!compiled) {
    std::fprintf(stderr, "%s\n", compiled.error().message.c_str());
    return 1;
  }
  Program program = std::move(compiled.value());

  double callbackNs = 0, indirectNs = 0;
  benchmark::RegisterBenchmark("callback/compiled-loop", [&](benchmark::State
                                                                 &state) {
    for (auto _ : state)
      benchmark::DoNotOptimize(callLoop(program, "loop", calls));
    state.counters["ns_per_call"] = benchmark::Counter(
        double(calls) * state.iterations(),
        benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  })->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark(
      "callback/indirect-cpp-loop",
      [&](benchmark::State &state) {
        for (auto _ : state) {
          double x = 1;
          for (int64_t i = 0; i < calls; ++i)
            x = indirectAddOne(x);
          benchmark::DoNotOptimize(x);
        }
        state.counters["ns_per_call"] = benchmark::Counter(
            double(calls) * state.iterations(),
            benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
      })
      ->Unit(benchmark::kMillisecond);

  struct Capture : benchmark::ConsoleReporter {
    double *callback, *indirect;
    void ReportRuns(const std::vector<Run> &runs) override {
      ConsoleReporter::ReportRuns(runs);
      for (const Run &run : runs) {
        double ns = run.counters.at("ns_per_call") * 1e9;
        (run.benchmark_name().find("compiled") != std::string::npos
             ? *callback
             : *indirect) = ns;
      }
    }
  } reporter;
  reporter.callback = &callbackNs;
  reporter.indirect = &indirectNs;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  // Allocations: the difference between N calls and one call, per call.
  int64_t before = allocations.load();
  callLoop(program, "loop", 1);
  int64_t one = allocations.load() - before;
  before = allocations.load();
  callLoop(program, "loop", calls);
  int64_t many = allocations.load() - before;

  std::printf("\none scalar callback call from compiled code: %.1f ns; a "
              "plain indirect C++ call: %.2f ns; ratio %.1f\n",
              callbackNs, indirectNs, callbackNs / indirectNs);
  std::printf("heap allocations per primal callback call: %.6f (%lld for "
              "%lld calls, %lld for one)\n",
              double(many - one) / double(calls - 1), (long long)many,
              (long long)calls, (long long)one);

  // Memory of differentiated calls.
  auto [startKiB, startPeak] = residentKiB();
  (void)startPeak;
  long at10k = 0;
  for (int64_t i = 1; i <= 1000000; ++i) {
    benchmark::DoNotOptimize(callLoop(program, "dloop", 1));
    if (i == 10000)
      at10k = residentKiB().first;
  }
  long at1m = residentKiB().first;
  std::printf("resident set over calls of a gradient through one callback "
              "call: %ld KiB at start, %ld KiB after 10^4 calls, %ld KiB "
              "after 10^6 calls\n",
              startKiB, at10k, at1m);
  for (int64_t iterations : {int64_t(10000), int64_t(1000000)}) {
    resetPeak();
    long base = residentKiB().second;
    double g = callLoop(program, "dloop", iterations);
    long peak = residentKiB().second;
    std::printf("gradient through a loop of %lld callback calls (= %.0f): "
                "peak resident set +%ld KiB (%.1f bytes per iteration)\n",
                (long long)iterations, g, peak - base,
                1024.0 * double(peak - base) / double(iterations));
  }
  benchmark::ClearRegisteredBenchmarks();
  return 0;
}
