//===- GradientOverhead.cpp - gradient time against primal time ----------===//
//
// For each classical kernel in bench/programs/gradients (a primal entry @f
// and its gradient @df), times both through the embedding API (results
// written into preallocated arrays), with the
// optimize-before-AD stage on and off, and prints gradient time / primal time
// measured in the same run. Also prints each gradient's tape high-water mark
// and the number of 8-byte values it holds.
//
// Usual Google Benchmark flags work (e.g. --benchmark_filter=ode).
//
//===----------------------------------------------------------------------===//

#include "GradientPrograms.h"
#include "TimeReporter.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

namespace {

/// How a kernel is compiled: optimize-before-AD on or off, index checks on
/// or off.
struct Variant {
  bool optimizeBeforeAD, checkIndices;
  const char *tag;
};
const Variant kVariants[] = {
    {true, true, "opt"}, {false, true, "noopt"}, {true, false, "unchecked"}};

struct Compiled {
  std::string name;
  Variant variant;
  cotangent::Program program;
  std::vector<cotangent::Array> arguments;
  int64_t tapePeakBytes = 0;
};

std::string benchmarkName(const Compiled &compiled, const char *entry) {
  return compiled.name + "/" + compiled.variant.tag + "/" + entry;
}

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  std::vector<std::unique_ptr<Compiled>> programs;
  for (const char *name : kGradientPrograms) {
    std::string source = gradientProgramSource(name);
    for (const Variant &variant : kVariants) {
      cotangent::CompileOptions options;
      options.optimizeBeforeAD = variant.optimizeBeforeAD;
      options.checkIndices = variant.checkIndices;
      auto program = cotangent::Program::compile(source, name, options);
      if (!program) {
        std::fprintf(stderr, "%s: %s\n", name, program.error().message.c_str());
        return 1;
      }
      auto arguments = gradientArguments(*program->findEntryPoint("f"));
      programs.push_back(std::make_unique<Compiled>(
          Compiled{name, variant, std::move(*program), std::move(arguments)}));
    }
  }
  for (auto &compiled : programs) {
    for (const char *entry : {"f", "df"}) {
      Compiled *c = compiled.get();
      std::string name = benchmarkName(*c, entry);
      benchmark::RegisterBenchmark(
          name.c_str(),
          [c, entry](benchmark::State &state) {
            cotangent::RunStatistics statistics;
            std::vector<cotangent::Array> results =
                resultArrays(*c->program.findEntryPoint(entry));
            for (auto _ : state) {
              auto done = c->program.callInto(entry, c->arguments, results,
                                              {uint64_t{1}}, &statistics);
              if (!done) {
                state.SkipWithError(done.error().message.c_str());
                return;
              }
              benchmark::DoNotOptimize(results.front().data());
            }
            if (std::string(entry) == "df")
              c->tapePeakBytes = statistics.tapePeakBytes;
          })
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
  TimeReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf("\ngradient time / primal time (same run); tape high-water mark "
              "of @df; time with index checks / without (primal, gradient)\n");
  std::printf("%-12s %12s %12s %8s %14s %8s %14s %12s %13s %15s\n", "kernel",
              "primal us", "gradient us", "ratio", "ratio no-opt", "opt gain",
              "tape bytes", "values", "checks primal", "checks gradient");
  constexpr size_t kCount = std::size(kVariants);
  for (size_t i = 0; i + kCount <= programs.size(); i += kCount) {
    const Compiled &opt = *programs[i], &noopt = *programs[i + 1],
                   &unchecked = *programs[i + 2];
    auto time = [&](const Compiled &c, const char *entry) {
      return reporter.secondsOf(benchmarkName(c, entry));
    };
    double primal = time(opt, "f"), gradient = time(opt, "df");
    double primalNoopt = time(noopt, "f"), gradientNoopt = time(noopt, "df");
    double primalUnchecked = time(unchecked, "f"),
           gradientUnchecked = time(unchecked, "df");
    if (primal == 0 || primalNoopt == 0 || primalUnchecked == 0)
      continue; // filtered out
    std::printf(
        "%-12s %12.1f %12.1f %8.2f %14.2f %8.2f %14lld %12lld %13.3f %15.3f\n",
        opt.name.c_str(), primal * 1e6, gradient * 1e6, gradient / primal,
        gradientNoopt / primalNoopt, gradientNoopt / gradient,
        static_cast<long long>(opt.tapePeakBytes),
        static_cast<long long>(opt.tapePeakBytes / 8), primal / primalUnchecked,
        gradient / gradientUnchecked);
  }
  benchmark::Shutdown();
  return 0;
}
