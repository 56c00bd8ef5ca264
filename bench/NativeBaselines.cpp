//===- NativeBaselines.cpp - Cotangent against hand-written C++ -----------===//
//
// For each classical kernel of bench/programs/gradients, times in one run:
// the C++ primal and the hand-written C++ gradient (NativeKernels.cpp, -O3
// -march=native), and Cotangent's compiled @f and @df called through the
// embedding API on preallocated arrays. Prints, per kernel, Cotangent primal
// / C++ primal, Cotangent gradient / hand-written gradient and Cotangent
// gradient / Cotangent primal.
//
// Before timing anything it checks the four against each other: the two
// primals agree, the two gradients agree, and the hand-written gradient
// agrees with central differences of the C++ primal (at a quarter of the
// benchmark's arguments, see main). A failed check ends
// the run with exit status 1; --check-only stops after the checks.
//
// Usual Google Benchmark flags work (e.g. --benchmark_filter=gmm). Each
// benchmark runs 5 times, interleaved with the others in random order; the
// ratios use the best of the 5.
//
//===----------------------------------------------------------------------===//

#include "GradientPrograms.h"
#include "NativeKernels.h"
#include "TimeReporter.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using cotangent::Array;

struct Case {
  const native::Kernel &kernel;
  cotangent::Program program;
  std::vector<Array> arguments, primalResults, gradientResults;
  /// The hand-written gradient's output, shaped as @df's results.
  std::vector<Array> nativeGradient;
  std::vector<double> scratch;
  /// Which argument of @f each result of @df is the gradient of.
  std::vector<size_t> differentiated;
};

native::Inputs inputsOf(const std::vector<Array> &arguments) {
  native::Inputs in;
  for (const Array &argument : arguments)
    in.push_back(argument.as<double>());
  return in;
}

native::Outputs outputsOf(std::vector<Array> &results) {
  native::Outputs out;
  for (Array &result : results)
    out.push_back(result.as<double>());
  return out;
}

/// The argument of @f whose gradient result `result` of @df is: the first
/// argument of its type not taken by an earlier result (the programs list
/// argnums in increasing order). Nothing when a result matches none.
std::optional<std::vector<size_t>>
matchGradients(const cotangent::EntryPoint &f,
               const cotangent::EntryPoint &df) {
  std::vector<size_t> argument;
  size_t next = 0;
  for (const cotangent::ArrayType &type : df.results) {
    while (next < f.arguments.size() && !(f.arguments[next] == type))
      ++next;
    if (next == f.arguments.size())
      return std::nullopt;
    argument.push_back(next++);
  }
  return argument;
}

double maxAbs(const Array &array) {
  double m = 0;
  for (int64_t i = 0; i < array.numElements(); ++i)
    m = std::max(m, std::fabs(array.as<double>()[i]));
  return m;
}

std::string scientific(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

bool report(bool ok, const std::string &what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  return ok;
}

/// The arguments scaled by `factor`.
std::vector<Array> scaled(std::vector<Array> arguments, double factor) {
  for (Array &argument : arguments)
    for (int64_t i = 0; i < argument.numElements(); ++i)
      argument.as<double>()[i] *= factor;
  return arguments;
}

/// The four versions of the kernel against each other at `arguments`: the
/// two primals, the two gradients, and the hand-written gradient against
/// central differences of the C++ primal at a few components of every
/// argument. Both sides contract multiply-adds, each where its compiler
/// chooses, so they agree to rounding.
bool checkCase(Case &c, const std::vector<Array> &arguments) {
  bool ok = true;
  const std::string name = c.kernel.name;
  std::vector<Array> primal = resultArrays(*c.program.findEntryPoint("f"));
  std::vector<Array> gradient = resultArrays(*c.program.findEntryPoint("df"));
  std::vector<Array> hand = gradient;
  for (const char *entry : {"f", "df"})
    if (auto done = c.program.callInto(entry, arguments,
                                       *entry == 'f' ? primal : gradient);
        !done)
      return report(false, name + ": @" + entry + ": " + done.error().message);
  c.kernel.gradient(inputsOf(arguments), outputsOf(hand), c.scratch);

  const double cotPrimal = *primal[0].as<double>();
  const double nativePrimal = c.kernel.primal(inputsOf(arguments));
  ok &= report(std::fabs(cotPrimal - nativePrimal) <=
                   1e-10 * std::max(1.0, std::fabs(nativePrimal)),
               name + ": primal " + scientific(cotPrimal) + " = C++ " +
                   scientific(nativePrimal) + " (difference " +
                   scientific(cotPrimal - nativePrimal) + ")");
  for (size_t r = 0; r < gradient.size(); ++r) {
    double difference = 0;
    for (int64_t i = 0; i < gradient[r].numElements(); ++i)
      difference = std::max(difference, std::fabs(gradient[r].as<double>()[i] -
                                                  hand[r].as<double>()[i]));
    ok &= report(difference <= 1e-9 * std::max(1.0, maxAbs(hand[r])),
                 name + ": gradient " + std::to_string(r) +
                     " = hand-written (max difference " +
                     scientific(difference) + ")");

    std::vector<Array> perturbed = arguments;
    Array &argument = perturbed[c.differentiated[r]];
    const int64_t n = argument.numElements();
    double worst = 0;
    for (int64_t i : {int64_t{0}, n / 3, 2 * n / 3, n - 1}) {
      double &v = argument.as<double>()[i];
      const double saved = v, h = 1e-6 * std::max(1.0, std::fabs(saved));
      v = saved + h;
      const double up = c.kernel.primal(inputsOf(perturbed));
      v = saved - h;
      const double down = c.kernel.primal(inputsOf(perturbed));
      v = saved;
      const double g = hand[r].as<double>()[i];
      worst = std::max(worst, std::fabs((up - down) / (2 * h) - g) /
                                  (1 + std::fabs(g)));
    }
    ok &= report(worst <= 1e-5,
                 name + ": gradient " + std::to_string(r) +
                     " = central differences (worst relative error " +
                     scientific(worst) + ")");
  }
  return ok;
}

std::unique_ptr<Case> compileCase(const native::Kernel &kernel) {
  auto program = cotangent::Program::compile(gradientProgramSource(kernel.name),
                                             kernel.name);
  if (!program) {
    std::fprintf(stderr, "%s: %s\n", kernel.name,
                 program.error().message.c_str());
    return nullptr;
  }
  const cotangent::EntryPoint &f = *program->findEntryPoint("f");
  const cotangent::EntryPoint &df = *program->findEntryPoint("df");
  std::optional<std::vector<size_t>> gradientOf = matchGradients(f, df);
  if (!gradientOf) {
    std::fprintf(stderr,
                 "%s: a result of @df is the gradient of no argument "
                 "of @f\n",
                 kernel.name);
    return nullptr;
  }
  return std::make_unique<Case>(Case{kernel,
                                     std::move(*program),
                                     gradientArguments(f),
                                     resultArrays(f),
                                     resultArrays(df),
                                     resultArrays(df),
                                     {},
                                     std::move(*gradientOf)});
}

void registerBenchmarks(Case &c) {
  const std::string name = c.kernel.name;
  auto add = [&](const std::string &what, auto body) {
    benchmark::RegisterBenchmark((name + "/" + what).c_str(),
                                 [body](benchmark::State &state) {
                                   for (auto _ : state)
                                     body(state);
                                 })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
  };
  Case *p = &c;
  add("cxx_primal", [p](benchmark::State &) {
    benchmark::DoNotOptimize(p->kernel.primal(inputsOf(p->arguments)));
  });
  add("cxx_gradient", [p](benchmark::State &) {
    p->kernel.gradient(inputsOf(p->arguments), outputsOf(p->nativeGradient),
                       p->scratch);
    benchmark::ClobberMemory();
  });
  for (const char *entry : {"f", "df"})
    add(std::string("cot_") + (*entry == 'f' ? "primal" : "gradient"),
        [p, entry](benchmark::State &state) {
          auto done = p->program.callInto(entry, p->arguments,
                                          *entry == 'f' ? p->primalResults
                                                        : p->gradientResults);
          if (!done)
            state.SkipWithError(done.error().message.c_str());
          benchmark::ClobberMemory();
        });
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n == 0  ? 0
         : n % 2 ? values[n / 2]
                 : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

int main(int argc, char **argv) {
  bool checkOnly = false;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--check-only") == 0) {
      checkOnly = true;
      std::copy(argv + i + 1, argv + argc, argv + i);
      --argc;
      break;
    }
  // This machine's speed drifts: every run is repeated, in random order
  // across benchmarks, and the best repetition counts (flags given on the
  // command line come later and win).
  std::vector<char *> arguments(argv, argv + argc);
  char repetitions[] = "--benchmark_repetitions=5",
       interleaving[] = "--benchmark_enable_random_interleaving=true",
       minimumTime[] = "--benchmark_min_time=0.2";
  arguments.insert(arguments.begin() + 1,
                   {repetitions, interleaving, minimumTime});
  int count = static_cast<int>(arguments.size());
  benchmark::Initialize(&count, arguments.data());
  std::vector<std::unique_ptr<Case>> cases;
  bool ok = true;
  for (const native::Kernel &kernel : native::kernels()) {
    std::unique_ptr<Case> c = compileCase(kernel);
    if (!c)
      return 1;
    // At the benchmark's own arguments, 50 steps of tanh(A x) are chaotic:
    // rounding differences grow to 1e-8 and no difference step resolves
    // gradients near 10^6. At a quarter of them every kernel is tame.
    ok &= checkCase(*c, scaled(c->arguments, 0.25));
    cases.push_back(std::move(c));
  }
  if (!ok || checkOnly)
    return ok ? 0 : 1;

  for (auto &c : cases)
    registerBenchmarks(*c);
  TimeReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf("\nsame-run ratios (targets: primal / C++ <= 1.15 each; "
              "gradient / hand-written: median <= 1.5, none above 2.5)\n");
  std::printf("%-11s %11s %11s %13s %11s %11s %17s %15s\n", "kernel", "C++ us",
              "cot us", "cot / C++", "C++ grad us", "cot grad us",
              "cot grad / hand", "cot grad / cot");
  std::vector<double> gradientRatios;
  for (auto &c : cases) {
    auto time = [&](const char *what) {
      return reporter.secondsOf(std::string(c->kernel.name) + "/" + what);
    };
    const double cxx = time("cxx_primal"), cot = time("cot_primal"),
                 cxxGradient = time("cxx_gradient"),
                 cotGradient = time("cot_gradient");
    if (cxx == 0 || cot == 0 || cxxGradient == 0 || cotGradient == 0)
      continue; // filtered out
    gradientRatios.push_back(cotGradient / cxxGradient);
    std::printf("%-11s %11.1f %11.1f %13.2f %11.1f %11.1f %17.2f %15.2f\n",
                c->kernel.name, cxx * 1e6, cot * 1e6, cot / cxx,
                cxxGradient * 1e6, cotGradient * 1e6, cotGradient / cxxGradient,
                cotGradient / cot);
  }
  if (!gradientRatios.empty())
    std::printf(
        "cot gradient / hand-written: median %.2f, worst %.2f\n",
        median(gradientRatios),
        *std::max_element(gradientRatios.begin(), gradientRatios.end()));
  cases.clear(); // programs go before LLVM's static data (see Cotangent.h)
  benchmark::Shutdown();
  return 0;
}
