//===- cot.cpp - compile and run Cotangent programs -----------------------===//
//
// A thin command-line layer over the embedding API (cotangent/API/Cotangent.h).
// Exit codes: 0 ok, 1 compile error, 2 usage error, 3 run-time error.
//
//===----------------------------------------------------------------------===//
#include "JsonLiterals.h"
#include "Plugins.h"

#include "cotangent/API/Cotangent.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace cotangent;

namespace {

enum ExitCode { Ok = 0, CompileFailed = 1, UsageFailed = 2, RuntimeFailed = 3 };

const char *const kUsage = R"(usage: cot run PROGRAM.mlir [options] [--] ARG...

Compiles PROGRAM.mlir to native code, calls one of its public functions with
the given arguments and prints each result on its own line as a JSON literal
(floats with 17 significant digits, tensors as nested lists, complex numbers
as [re, im]).

ARG is a JSON literal matching the entry's argument type:
  1.5 | 3 | true | [1.0, 2.0] | [[1, 2], [3, 4]]

options:
  --entry NAME          function to call (default: main)
  --load PLUGIN.so      load a shared library that registers host callbacks
                        (its cotangent_register_callbacks); repeatable
  --seed N              seed of the measurement random generator
  --time                print milliseconds per compilation stage, and of the
                        run, to stderr
  --print-pipeline      print the compilation stages and exit
  --dump-after=STAGE    print the IR after STAGE to stderr
  --no-optimize-before-ad
                        skip the optimize-before-AD stage (to measure it)
  --no-fuse-gates       skip the fuse-gates stage: every gate is its own sweep
                        over the state (results agree to rounding)
  -O LEVEL              LLVM optimisation level of the native code, 0 to 3
                        (default 3; -O0 ... -O3 work too)
  -h, --help            print this help

exit codes: 0 ok, 1 compile error, 2 usage error, 3 run-time error
)";

struct Options {
  std::string program;
  std::string entry = "main";
  std::optional<uint64_t> seed;
  bool time = false;
  bool printPipeline = false;
  bool optimizeBeforeAD = true;
  bool fuseGates = true;
  int optimizationLevel = 3;
  std::string dumpAfter;
  std::vector<std::string> plugins;
  std::vector<std::string> arguments;
};

int usageError(const std::string &message) {
  std::cerr << "cot: error: " << message << "\n";
  return UsageFailed;
}

bool looksLikeNumber(const std::string &arg) {
  return arg.size() > 1 && arg[0] == '-' &&
         (std::isdigit(static_cast<unsigned char>(arg[1])) || arg[1] == '.');
}

/// Parses the options after `run`; returns an error message or "".
std::string parseOptions(int argc, char **argv, Options &options) {
  bool onlyArguments = false;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string &flag, std::string &out) {
      if (arg.rfind(flag + "=", 0) == 0) {
        out = arg.substr(flag.size() + 1);
        return true;
      }
      if (arg == flag && i + 1 < argc) {
        out = argv[++i];
        return true;
      }
      return false;
    };
    std::string text;
    if (onlyArguments || looksLikeNumber(arg) || arg == "-" ||
        (arg[0] != '-' && !options.program.empty())) {
      options.arguments.push_back(arg);
    } else if (arg == "--") {
      onlyArguments = true;
    } else if (arg[0] != '-') {
      options.program = arg;
    } else if (value("--entry", options.entry)) {
    } else if (value("--dump-after", options.dumpAfter)) {
    } else if (value("--load", text)) {
      options.plugins.push_back(text);
    } else if (value("--seed", text)) {
      char *end = nullptr;
      unsigned long long seed = std::strtoull(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || text[0] == '-')
        return "--seed needs a non-negative integer, got '" + text + "'";
      options.seed = seed;
    } else if (arg == "--time") {
      options.time = true;
    } else if (arg == "--no-optimize-before-ad") {
      options.optimizeBeforeAD = false;
    } else if (arg == "--no-fuse-gates") {
      options.fuseGates = false;
    } else if (arg.rfind("-O", 0) == 0) {
      text = arg.size() > 2 ? arg.substr(2) : (i + 1 < argc ? argv[++i] : "");
      if (text.size() != 1 || text[0] < '0' || text[0] > '3')
        return "-O needs a level from 0 to 3, got '" + text + "'";
      options.optimizationLevel = text[0] - '0';
    } else if (arg == "--print-pipeline") {
      options.printPipeline = true;
    } else {
      return "unknown option '" + arg + "' (see cot --help)";
    }
  }
  return "";
}

int run(const Options &options) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  std::ifstream file(options.program, std::ios::binary);
  if (!file)
    return usageError("cannot read '" + options.program + "'");
  std::stringstream source;
  source << file.rdbuf();

  CallbackRegistry registry;
  for (const std::string &plugin : options.plugins)
    if (std::string error = cli::loadPlugin(plugin, registry); !error.empty())
      return usageError(error);

  CompileOptions compileOptions;
  compileOptions.callbacks = &registry;
  compileOptions.dumpAfter = options.dumpAfter;
  compileOptions.optimizeBeforeAD = options.optimizeBeforeAD;
  compileOptions.fuseGates = options.fuseGates;
  compileOptions.optimizationLevel = options.optimizationLevel;
  compileOptions.irOutput = &std::cerr;
  Result<Program> program =
      Program::compile(source.str(), options.program, compileOptions);
  if (!program) {
    const std::string &message = program.error().message;
    if (program.error().kind == Error::Kind::Usage)
      return usageError(message);
    std::cerr << message
              << (message.empty() || message.back() != '\n' ? "\n" : "");
    return CompileFailed;
  }

  const EntryPoint *entry = program->findEntryPoint(options.entry);
  std::vector<Array> arguments;
  if (entry && entry->unsupported.empty()) {
    if (options.arguments.size() != entry->arguments.size()) {
      std::string types;
      for (const ArrayType &type : entry->arguments)
        types += " " + type.str();
      return usageError(
          "@" + entry->name + " takes " +
          std::to_string(entry->arguments.size()) + " argument(s) (" +
          (types.empty() ? "" : types.substr(1)) + ") but " +
          std::to_string(options.arguments.size()) + " were given");
    }
    for (size_t i = 0; i < options.arguments.size(); ++i) {
      Result<Array> argument =
          cli::parseArgument(options.arguments[i], entry->arguments[i]);
      if (!argument)
        return usageError("argument " + std::to_string(i) + " of @" +
                          entry->name + ": " + argument.error().message);
      arguments.push_back(std::move(argument.value()));
    }
  }

  Clock::time_point runStart = Clock::now();
  RunOptions runOptions{options.seed};
  Result<std::vector<Array>> results =
      program->call(options.entry, arguments, runOptions);
  double runMilliseconds =
      std::chrono::duration<double, std::milli>(Clock::now() - runStart)
          .count();
  if (!results) {
    if (results.error().kind == Error::Kind::Usage)
      return usageError(results.error().message);
    std::cerr << "cot: run-time error: " << results.error().message << "\n";
    return RuntimeFailed;
  }
  for (const Array &result : *results)
    std::cout << toJson(result) << "\n";
  std::cout.flush();

  if (options.time) {
    for (const StageTiming &timing : program->compileTimings())
      std::fprintf(stderr, "time %-20s %9.3f ms\n", timing.stage.c_str(),
                   timing.milliseconds);
    std::fprintf(stderr, "time %-20s %9.3f ms\n", "run", runMilliseconds);
    double total =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    std::fprintf(stderr, "time %-20s %9.3f ms\n", "total", total);
  }
  return Ok;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usageError("missing command\n" + std::string(kUsage));
  std::string command = argv[1];
  if (command == "-h" || command == "--help" || command == "help") {
    std::cout << kUsage;
    return Ok;
  }
  if (command != "run")
    return usageError("unknown command '" + command + "' (see cot --help)");

  Options options;
  for (int i = 2; i < argc; ++i)
    if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
      std::cout << kUsage;
      return Ok;
    }
  if (std::string error = parseOptions(argc, argv, options); !error.empty())
    return usageError(error);
  if (options.printPipeline) {
    std::cout << describePipeline();
    if (options.program.empty())
      return Ok;
  }
  if (options.program.empty())
    return usageError("missing PROGRAM.mlir (see cot --help)");
  return run(options);
}
