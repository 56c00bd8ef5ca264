//===- cot.cpp - compile and run Cotangent programs -----------------------===//
//
// A thin command-line layer over the embedding API (cotangent/API/Cotangent.h).
// Exit codes: 0 ok, 1 compile error, 2 usage error, 3 run-time error.
//
//===----------------------------------------------------------------------===//
#include "JsonLiterals.h"
#include "Plugins.h"
#include "PreparedHeap.h"

#include "cotangent/API/Cotangent.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace cotangent;

namespace {

enum ExitCode { Ok = 0, CompileFailed = 1, UsageFailed = 2, RuntimeFailed = 3 };

const char *const kUsage =
    R"(usage: cot run PROGRAM.mlir [options] [--args FILE.json | --args -] [--] ARG...
       cot compile PROGRAM.mlir -o LIBRARY.so [--header HEADER.h]
                   [--target-cpu CPU] [options]

Compiles PROGRAM.mlir to native code, calls one of its public functions with
the given arguments and prints each result on its own line as a JSON literal
(floats with 17 significant digits, tensors as nested lists, complex numbers
as [re, im]).

ARG is a JSON literal matching the entry's argument type:
  1.5 | 3 | true | [1.0, 2.0] | [[1, 2], [3, 4]] | NaN | Infinity | -Infinity
A number out of its type's range is a usage error.

options:
  --entry NAME          function to call (default: main)
  --args FILE.json      the arguments as one JSON list, read from FILE.json
                        (- : standard input) instead of ARG...
  --load PLUGIN.so      load a shared library that registers host callbacks
                        (its cotangent_register_callbacks); repeatable
  --seed N              seed of the measurement random generator
  --tape-limit BYTES    the most memory the derivative tape may take (K, M,
                        G suffixes; default: half the memory available)
  --time                print milliseconds per compilation stage, and of the
                        run, to stderr
  --print-pipeline      print the compilation stages and exit
  --dump-after=STAGE    print the IR after STAGE to stderr
  --no-optimize-before-ad
                        skip the optimize-before-AD stage (to measure it)
  --no-fuse-gates       skip the fuse-gates stage: every gate is its own sweep
                        over the state (results agree to rounding)
  --no-index-checks     skip the guard-indices stage: an index or slice outside
                        its tensor or buffer is no longer caught
  -O LEVEL              LLVM optimisation level of the native code, 0 to 3
                        (default 3; -O0 ... -O3 work too)
  --no-fma              round every product and sum on its own (default: a
                        product added to something rounds once, as a fused
                        multiply-add where the CPU has one, as C compilers do,
                        except the next term of a running sum of products)
  -h, --help            print this help

cot compile writes an ahead-of-time shared library exporting each public
function @f as the C function cot_f (docs/ahead-of-time.md), linked against
libcotangent with the C++ compiler driver ($CXX, else c++):
  -o LIBRARY.so         the library to write
  --header HEADER.h     also write the C header declaring its functions
  --target-cpu CPU      generate code for CPU (x86-64, x86-64-v3, znver3, ...;
                        default: the host's CPU and all its features)
and takes --dump-after, --time, --no-optimize-before-ad, --no-fuse-gates,
--no-index-checks, --no-fma and -O as above.

exit codes: 0 ok, 1 compile error, 2 usage error, 3 run-time error
)";

struct Options {
  std::string program;
  std::string entry = "main";
  std::string argsFile; ///< --args: "" none, "-" standard input
  std::optional<uint64_t> seed;
  int64_t tapeLimitBytes = 0;
  bool time = false;
  bool printPipeline = false;
  bool optimizeBeforeAD = true;
  bool fuseGates = true;
  bool checkIndices = true;
  bool contractMultiplyAdd = true;
  int optimizationLevel = 3;
  std::string dumpAfter;
  std::vector<std::string> plugins;
  std::vector<std::string> arguments;
  // cot compile
  std::string output, header, targetCpu;
};

int usageError(const std::string &message) {
  std::cerr << "cot: error: " << message << "\n";
  return UsageFailed;
}

bool looksLikeNumber(const std::string &arg) {
  return arg == "-Infinity" ||
         (arg.size() > 1 && arg[0] == '-' &&
          (std::isdigit(static_cast<unsigned char>(arg[1])) || arg[1] == '.'));
}

/// Parses the options after `run`; returns an error message or "".
std::string parseOptions(int argc, char **argv, Options &options) {
  bool onlyArguments = false;
  std::string missing; // a flag given without its value
  for (int i = 2; i < argc && missing.empty(); ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string &flag, std::string &out) {
      if (arg.rfind(flag + "=", 0) == 0) {
        out = arg.substr(flag.size() + 1);
        return true;
      }
      if (arg != flag)
        return false;
      if (i + 1 < argc)
        out = argv[++i];
      else
        missing = flag;
      return true;
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
    } else if (value("--args", options.argsFile)) {
    } else if (value("--dump-after", options.dumpAfter)) {
    } else if (value("--load", text)) {
      options.plugins.push_back(text);
    } else if (value("-o", options.output)) {
    } else if (value("--header", options.header)) {
    } else if (value("--target-cpu", options.targetCpu)) {
    } else if (value("--tape-limit", text)) {
      char *end = nullptr;
      long long bytes = std::strtoll(text.c_str(), &end, 10);
      std::string suffix = end ? end : "";
      int shift = suffix == ""    ? 0
                  : suffix == "K" ? 10
                  : suffix == "M" ? 20
                  : suffix == "G" ? 30
                                  : -1;
      if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])) ||
          shift < 0 || bytes <= 0 || bytes > (INT64_MAX >> shift))
        return "--tape-limit needs a positive number of bytes (K, M or G "
               "suffix allowed), got '" +
               text + "'";
      options.tapeLimitBytes = bytes << shift;
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
    } else if (arg == "--no-index-checks") {
      options.checkIndices = false;
    } else if (arg == "--no-fma") {
      options.contractMultiplyAdd = false;
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
  if (!missing.empty())
    return missing + " needs a value (see cot --help)";
  return "";
}

/// The text of the --args file, or of standard input for "-".
std::optional<std::string> readArgsFile(const std::string &path) {
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return std::nullopt;
  text << file.rdbuf();
  return text.str();
}

/// The program named in `options`, or nothing (with an error printed).
std::optional<std::string> readProgram(const Options &options) {
  std::ifstream file(options.program, std::ios::binary);
  if (!file) {
    usageError("cannot read '" + options.program + "'");
    return std::nullopt;
  }
  std::stringstream source;
  source << file.rdbuf();
  return source.str();
}

/// The pipeline options both commands take.
CompileOptions compileOptionsOf(const Options &options) {
  CompileOptions compileOptions;
  compileOptions.dumpAfter = options.dumpAfter;
  compileOptions.optimizeBeforeAD = options.optimizeBeforeAD;
  compileOptions.fuseGates = options.fuseGates;
  compileOptions.checkIndices = options.checkIndices;
  compileOptions.optimizationLevel = options.optimizationLevel;
  compileOptions.contractMultiplyAdd = options.contractMultiplyAdd;
  compileOptions.irOutput = &std::cerr;
  return compileOptions;
}

/// Prints a compile or usage error; returns its exit code.
int reportCompileFailure(const Error &error) {
  if (error.kind == Error::Kind::Usage)
    return usageError(error.message);
  std::cerr << error.message
            << (error.message.empty() || error.message.back() != '\n' ? "\n"
                                                                      : "");
  return CompileFailed;
}

int run(const Options &options) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  if (!options.output.empty() || !options.header.empty() ||
      !options.targetCpu.empty())
    return usageError("-o, --header and --target-cpu are for cot compile");
  if (!options.argsFile.empty() && !options.arguments.empty())
    return usageError("give the arguments either with --args or on the "
                      "command line, not both");
  cli::prepareHeap();
  std::optional<std::string> source = readProgram(options);
  if (!source)
    return UsageFailed;

  CallbackRegistry registry;
  for (const std::string &plugin : options.plugins)
    if (std::string error = cli::loadPlugin(plugin, registry); !error.empty())
      return usageError(error);

  CompileOptions compileOptions = compileOptionsOf(options);
  compileOptions.callbacks = &registry;
  Result<Program> program =
      Program::compile(*source, options.program, compileOptions);
  if (!program)
    return reportCompileFailure(program.error());

  const EntryPoint *entry = program->findEntryPoint(options.entry);
  std::vector<Array> arguments;
  if (entry && entry->unsupported.empty() && !options.argsFile.empty()) {
    std::optional<std::string> text = readArgsFile(options.argsFile);
    if (!text)
      return usageError("cannot read '" + options.argsFile + "'");
    Result<std::vector<Array>> parsed =
        cli::parseArgumentList(*text, entry->arguments);
    if (!parsed)
      return usageError("@" + entry->name + ": " + parsed.error().message);
    arguments = std::move(parsed.value());
  } else if (entry && entry->unsupported.empty()) {
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
  RunOptions runOptions;
  runOptions.seed = options.seed;
  runOptions.tapeLimitBytes = options.tapeLimitBytes;
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

int compile(const Options &options) {
  if (options.output.empty())
    return usageError("cot compile needs -o LIBRARY.so (see cot --help)");
  if (!options.arguments.empty() || !options.plugins.empty() || options.seed ||
      options.entry != "main" || !options.argsFile.empty() ||
      options.tapeLimitBytes)
    return usageError("cot compile takes no arguments, --entry, --args, "
                      "--load, --seed or --tape-limit (they are for cot run)");
  cli::prepareHeap();
  std::optional<std::string> source = readProgram(options);
  if (!source)
    return UsageFailed;
  LibraryOptions libraryOptions;
  libraryOptions.compile = compileOptionsOf(options);
  libraryOptions.output = options.output;
  libraryOptions.header = options.header;
  libraryOptions.targetCpu = options.targetCpu;
  Result<std::vector<EntryPoint>> exported =
      compileSharedLibrary(*source, options.program, libraryOptions);
  if (!exported)
    return reportCompileFailure(exported.error());
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
  if (command != "run" && command != "compile")
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
    return Ok;
  }
  if (options.program.empty())
    return usageError("missing PROGRAM.mlir (see cot --help)");
  return command == "run" ? run(options) : compile(options);
}
