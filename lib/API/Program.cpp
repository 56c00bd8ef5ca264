//===- Program.cpp - compile MLIR text and call its entry points ----------===//
#include "Lowering.h"
#include "OverlappingArguments.h"

#include "cotangent/API/Cotangent.h"
#include "cotangent/Pipeline/Passes.h"
#include "cotangent/Pipeline/Pipeline.h"
#include "cotangent/Runtime/Execution.h"
#include "cotangent/Runtime/MemoryInfo.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>

using namespace cotangent;

namespace {

using Clock = std::chrono::steady_clock;

/// Results from this size on are checked against the memory left.
constexpr double kLargeResultBytes = 64.0 * 1024 * 1024;

/// A strided buffer descriptor as the LLVM lowering of a memref lays it out:
/// allocated pointer, aligned pointer, offset, sizes, strides.
std::vector<int64_t> describeBuffer(const Array &array) {
  const std::vector<int64_t> &shape = array.shape();
  std::vector<int64_t> descriptor(3 + 2 * shape.size());
  auto address = reinterpret_cast<intptr_t>(array.data());
  descriptor[0] = descriptor[1] = address;
  descriptor[2] = 0;
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    descriptor[3 + i] = shape[i];
    descriptor[3 + shape.size() + i] = stride;
    stride *= shape[i];
  }
  return descriptor;
}

size_t dataBytes(const Array &array) {
  return static_cast<size_t>(array.numElements()) *
         elementSize(array.type().element);
}

std::string listTypes(const std::vector<ArrayType> &types) {
  std::string text;
  for (const ArrayType &type : types)
    text += (text.empty() ? "" : ", ") + type.str();
  return "(" + text + ")";
}

} // namespace

struct Program::Impl {
  mlir::MLIRContext context;
  // The JIT keeps only a reference to its IR transform and calls it whenever
  // it compiles, also while it is destroyed (ORC then looks up the
  // deinitializers): the transform and what it uses live here, declared
  // before `engine` so that they outlive it.
  std::unique_ptr<llvm::TargetMachine> targetMachine;
  std::function<llvm::Error(llvm::Module *)> transform;
  /// Where the transform prints the LLVM IR, only while compile() runs.
  std::ostream *llvmDump = nullptr;
  bool contractMultiplyAdd = true;
  unsigned optimizationLevel = 3;
  /// Set once the program's own module is compiled: later modules are the
  /// JIT's own (its deinitializers), left as they are.
  bool programCompiled = false;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  std::vector<EntryPoint> entries;
  std::vector<StageTiming> timings;
  ProgramCallbacks callbacks;
  /// The compiled host-callable twin of each entry point, by name.
  std::map<std::string, runtime::PackedFunction, std::less<>> functions;

  /// Calls `entry` on checked arguments and result arrays.
  Result<std::monostate> run(const EntryPoint &entry,
                             const std::vector<Array> &arguments,
                             std::vector<Array> &results,
                             const RunOptions &options,
                             RunStatistics *statistics) const;

  explicit Impl(const mlir::DialectRegistry &registry)
      : context(registry, mlir::MLIRContext::Threading::DISABLED) {}
};

Program::Program(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Program::Program(Program &&) noexcept = default;
Program &Program::operator=(Program &&) noexcept = default;
Program::~Program() = default;

const std::vector<EntryPoint> &Program::entryPoints() const {
  return impl_->entries;
}

const std::vector<StageTiming> &Program::compileTimings() const {
  return impl_->timings;
}

const EntryPoint *Program::findEntryPoint(std::string_view name) const {
  for (const EntryPoint &entry : impl_->entries)
    if (entry.name == name)
      return &entry;
  return nullptr;
}

Result<Program> Program::compile(std::string_view source,
                                 std::string_view bufferName,
                                 const CompileOptions &options) {
  initializeCodeGeneration();
  mlir::DialectRegistry registry;
  registerPipelineDialects(registry);
  auto impl = std::make_unique<Impl>(registry);
  mlir::MLIRContext &context = impl->context;
  context.printOpOnDiagnostic(false); // the location says where
  context.loadAllAvailableDialects();
  Result<LoweredProgram> lowered = lowerToLLVMDialect(
      context, source, bufferName, options, CallbackBinding::Now);
  if (!lowered)
    return lowered.error();
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(lowered->module);
  impl->entries = std::move(lowered->entries);
  impl->callbacks = std::move(lowered->callbacks);
  impl->timings = std::move(lowered->timings);

  // Translation to LLVM IR, optimisation and native code generation.
  Clock::time_point start = Clock::now();
  if (options.optimizationLevel < 0 || options.optimizationLevel > 3)
    return usageError("the optimisation level must be 0 to 3, not " +
                      std::to_string(options.optimizationLevel));
  // The host CPU, so that the vectorisers see its vector registers; the
  // JIT's code generator targets the same machine.
  auto hostBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!hostBuilder)
    return compileError("code generation failed: " +
                        llvm::toString(hostBuilder.takeError()) + "\n");
  auto host = hostBuilder->createTargetMachine();
  if (!host)
    return compileError(
        "code generation failed: " + llvm::toString(host.takeError()) + "\n");
  impl->targetMachine = std::move(*host);
  llvm::TargetMachine *targetMachine = impl->targetMachine.get();
  Impl *state = impl.get();
  state->contractMultiplyAdd = options.contractMultiplyAdd;
  state->optimizationLevel = static_cast<unsigned>(options.optimizationLevel);
  state->llvmDump =
      options.dumpAfter == kLLVMStageName.str() ? options.irOutput : nullptr;
  state->transform = [state,
                      targetMachine](llvm::Module *llvmModule) -> llvm::Error {
    if (state->programCompiled)
      return llvm::Error::success();
    prepareForTarget(*llvmModule, *targetMachine, state->contractMultiplyAdd,
                     state->optimizationLevel);
    if (state->llvmDump) {
      std::string text;
      llvm::raw_string_ostream os(text);
      llvmModule->print(os, nullptr);
      *state->llvmDump << text;
    }
    return llvm::Error::success();
  };
  mlir::ExecutionEngineOptions engineOptions;
  engineOptions.transformer = state->transform;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(options.optimizationLevel);
  // Telling gdb and perf about the code costs about 7 ms of a 60 ms
  // compilation (perf's listener writes a file per program): only on
  // request.
  const bool debuggable = std::getenv("COT_JIT_DEBUG") != nullptr;
  engineOptions.enablePerfNotificationListener = debuggable;
  engineOptions.enableGDBNotificationListener = debuggable;
  std::string translation; // what translation to LLVM IR reports
  mlir::ScopedDiagnosticHandler capture(&context, [&](mlir::Diagnostic &d) {
    translation += d.str() + "\n";
    return mlir::success();
  });
  auto engine = mlir::ExecutionEngine::create(*module, engineOptions);
  if (!engine)
    return compileError(translation + "code generation failed: " +
                        llvm::toString(engine.takeError()) + "\n");
  impl->engine = std::move(*engine);
  impl->engine->registerSymbols([](llvm::orc::MangleAndInterner mangle) {
    llvm::orc::SymbolMap map;
    for (const runtime::Symbol &symbol : runtime::symbols())
      map[mangle(symbol.name)] = {
          llvm::orc::ExecutorAddr::fromPtr(symbol.address),
          llvm::JITSymbolFlags::Exported};
    return map;
  });
  impl->engine->initialize();
  // Compile every entry point now, so calls pay no compilation.
  for (const EntryPoint &entry : impl->entries) {
    if (!entry.unsupported.empty())
      continue;
    auto function = impl->engine->lookupPacked(
        ("_mlir_ciface_" + kEntryWrapperPrefix + entry.name).str());
    if (!function)
      return compileError("code generation failed for @" + entry.name + ": " +
                          llvm::toString(function.takeError()));
    impl->functions[entry.name] = *function;
  }
  impl->llvmDump = nullptr; // irOutput need not outlive compile()
  impl->programCompiled = true;
  impl->timings.push_back({kLLVMStageName.str(), millisecondsSince(start)});
  return Program(std::move(impl));
}

namespace {

/// The entry named `name` if `arguments` fit it, else a usage error.
Result<const EntryPoint *> checkedEntry(const Program &program,
                                        std::string_view name,
                                        const std::vector<Array> &arguments) {
  const EntryPoint *entry = program.findEntryPoint(name);
  if (!entry) {
    std::string known;
    for (const EntryPoint &candidate : program.entryPoints())
      known += (known.empty() ? "" : ", ") + candidate.name;
    return usageError(
        "no entry point named '" + std::string(name) +
        "'; the program has: " + (known.empty() ? "none" : known));
  }
  if (!entry->unsupported.empty())
    return usageError("@" + entry->name +
                      " cannot be called from the host: " + entry->unsupported);
  if (arguments.size() != entry->arguments.size())
    return usageError("@" + entry->name + " takes " +
                      std::to_string(entry->arguments.size()) +
                      " argument(s) " + listTypes(entry->arguments) + " but " +
                      std::to_string(arguments.size()) + " were given");
  for (size_t i = 0; i < arguments.size(); ++i)
    if (!(arguments[i].type() == entry->arguments[i]))
      return usageError("argument " + std::to_string(i) + " of @" +
                        entry->name + " must be " + entry->arguments[i].str() +
                        ", got " + arguments[i].type().str());
  return entry;
}

} // namespace

Result<std::vector<Array>> Program::call(std::string_view name,
                                         const std::vector<Array> &arguments,
                                         const RunOptions &options,
                                         RunStatistics *statistics) const {
  Result<const EntryPoint *> entry = checkedEntry(*this, name, arguments);
  if (!entry)
    return entry.error();
  std::vector<Array> results;
  for (auto [i, type] : llvm::enumerate((*entry)->results)) {
    auto tooLarge = [&, i = i, &type = type] {
      return Error{Error::Kind::Runtime,
                   "result " + std::to_string(i) + " of @" + (*entry)->name +
                       " (" + type.str() +
                       ") needs more memory than can be allocated"};
    };
    // A result is zero-filled, so every page of it is touched: one larger
    // than the memory left would be killed by the system, not refused by
    // the allocator. (Checked for large results only: it reads /proc.)
    const double bytes =
        static_cast<double>(type.numElements()) * elementSize(type.element);
    if (bytes >= kLargeResultBytes &&
        bytes > static_cast<double>(runtime::availableMemoryBytes()))
      return tooLarge();
    try {
      results.emplace_back(type);
    } catch (const std::exception &) { // std::bad_alloc, std::length_error
      return tooLarge();
    }
  }
  if (Result<std::monostate> done =
          impl_->run(**entry, arguments, results, options, statistics);
      !done)
    return done.error();
  return results;
}

Result<std::monostate> Program::callInto(std::string_view name,
                                         const std::vector<Array> &arguments,
                                         std::vector<Array> &results,
                                         const RunOptions &options,
                                         RunStatistics *statistics) const {
  Result<const EntryPoint *> entry = checkedEntry(*this, name, arguments);
  if (!entry)
    return entry.error();
  const std::vector<ArrayType> &types = (*entry)->results;
  if (results.size() != types.size())
    return usageError(
        "@" + (*entry)->name + " returns " + std::to_string(types.size()) +
        " result(s) " + listTypes(types) + " but " +
        std::to_string(results.size()) + " result arrays were given");
  for (size_t i = 0; i < results.size(); ++i)
    if (!(results[i].type() == types[i]))
      return usageError("result " + std::to_string(i) + " of @" +
                        (*entry)->name + " is " + types[i].str() +
                        ", but its array is " + results[i].type().str());
  return impl_->run(**entry, arguments, results, options, statistics);
}

Result<std::monostate> Program::Impl::run(const EntryPoint &entry,
                                          const std::vector<Array> &arguments,
                                          std::vector<Array> &results,
                                          const RunOptions &options,
                                          RunStatistics *statistics) const {
  // Compiled code never writes into a public function's tensor arguments
  // (read-only-entry-arguments), so it gets the host's own arrays, unless
  // one is also a result array (callInto(f, v, v)).
  std::vector<std::vector<int64_t>> descriptors;
  std::vector<size_t> bytes;
  for (const Array &argument : arguments) {
    descriptors.push_back(describeBuffer(argument));
    bytes.push_back(dataBytes(argument));
  }
  for (Array &result : results) {
    descriptors.push_back(describeBuffer(result));
    bytes.push_back(dataBytes(result));
  }
  std::vector<int64_t *> descriptorData;
  for (std::vector<int64_t> &descriptor : descriptors)
    descriptorData.push_back(descriptor.data());
  std::vector<std::vector<uint64_t>> argumentCopies;
  try {
    argumentCopies = copyArgumentsOverlappingResults(descriptorData, bytes,
                                                     arguments.size());
  } catch (const std::bad_alloc &) {
    return Error{Error::Kind::Runtime,
                 "@" + entry.name +
                     ": no memory to copy an argument that is also a result"};
  }
  std::vector<void *> descriptorPointers(descriptorData.begin(),
                                         descriptorData.end());
  std::vector<void *> packedArguments;
  for (void *&pointer : descriptorPointers)
    packedArguments.push_back(&pointer);

  StreamPrinter printer(options.printOutput ? *options.printOutput : std::cout);
  runtime::RunOptions runOptions{
      options.seed,
      {callbacks.table.data(), callbacks.table.size(), &printer},
      options.tapeLimitBytes};
  runtime::RunReport report;
  std::optional<std::string> failure = runtime::invoke(
      functions.at(entry.name), packedArguments.data(), runOptions, &report);
  if (statistics)
    statistics->tapePeakBytes = report.tapePeakBytes;
  if (failure)
    return Error{Error::Kind::Runtime, *failure};
  return std::monostate{};
}

std::string cotangent::describePipeline() {
  std::string text;
  llvm::raw_string_ostream os(text);
  printPipeline(os);
  return text;
}

std::vector<std::string> cotangent::pipelineStageNames() {
  std::vector<std::string> names;
  for (const PipelineStage &stage : pipelineStages())
    names.push_back(stage.name.str());
  names.push_back(kLLVMStageName.str());
  return names;
}
