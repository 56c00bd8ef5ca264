//===- SharedLibrary.cpp - ahead-of-time shared libraries -----------------===//
//
// The pipeline of Program::compile, then, instead of the JIT: LLVM IR for
// the chosen CPU, an object file, and a generated C++ file of exported C
// functions (one per public function: its values in, its results out,
// through the buffer descriptors the compiled code takes), linked together
// against libcotangent by the C++ compiler driver. The generated header
// declares the exported functions.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "cotangent/Pipeline/Passes.h"
#include "cotangent/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <dlfcn.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace cotangent;

namespace {

/// Where libcotangent (this code) lives, and the headers next to it: the
/// installed layout (lib/, include/) or the build tree's source headers.
struct PackageDirectories {
  std::string library, include;
};

PackageDirectories packageDirectories() {
  Dl_info info{};
  dladdr(reinterpret_cast<void *>(&compileSharedLibrary), &info);
  llvm::SmallString<256> library(info.dli_fname ? info.dli_fname : "");
  llvm::sys::fs::make_absolute(library);
  llvm::sys::path::remove_filename(library);
  llvm::SmallString<256> installed(library);
  llvm::sys::path::append(installed, "..", "include");
  llvm::SmallString<256> probe(installed);
  llvm::sys::path::append(probe, "cotangent", "API", "LibraryABI.h");
  return {library.str().str(), llvm::sys::fs::exists(probe)
                                   ? installed.str().str()
                                   : std::string(COT_SOURCE_INCLUDE_DIR)};
}

/// `prefix` followed by the number `i` ("arg0").
std::string numbered(const char *prefix, size_t i) {
  std::string name = prefix;
  name += std::to_string(i);
  return name;
}

/// The C spelling of an element type in exported signatures.
const char *cType(ElementType element) {
  switch (element) {
  case ElementType::F64:
  case ElementType::Complex128: // (re, im) pairs
    return "double";
  case ElementType::F32:
    return "float";
  case ElementType::I64:
    return "int64_t";
  case ElementType::I1:
    return "bool";
  }
  return "void";
}

/// Scalars are passed by value, except complex numbers; arrays by pointer.
bool byValue(const ArrayType &type) {
  return type.shape.empty() && type.element != ElementType::Complex128;
}

std::string shapeComment(const ArrayType &type) {
  return " /* " + type.str() + " */";
}

/// The exported name of @name, or "" when it is no C identifier.
std::string exportedName(const std::string &name) {
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return "";
  return "cot_" + name;
}

/// The exported function's parameter list.
std::string cParameters(const EntryPoint &entry) {
  std::string text;
  auto add = [&](const std::string &parameter) {
    if (!text.empty())
      text += ", ";
    text += parameter;
  };
  for (auto [i, type] : llvm::enumerate(entry.arguments))
    add(byValue(type)
            ? std::string(cType(type.element)) + " arg" + std::to_string(i)
            : std::string("const ") + cType(type.element) + " *arg" +
                  std::to_string(i) + shapeComment(type));
  for (auto [i, type] : llvm::enumerate(entry.results))
    add(std::string(cType(type.element)) + " *result" + std::to_string(i) +
        shapeComment(type));
  return text.empty() ? "void" : text;
}

std::string headerText(const std::vector<EntryPoint> &entries,
                       std::string_view bufferName) {
  std::ostringstream h;
  h << "/* The C interface of the library `cot compile` made from "
    << bufferName
    << ".\n * Each function returns COT_OK, or COT_UNBOUND / "
       "COT_RUNTIME_ERROR with\n * cot_last_error() saying why. Arrays are "
       "row-major; complex numbers\n * are (re, im) pairs of doubles. */\n"
    << "#pragma once\n#include <stdbool.h>\n#include <stdint.h>\n"
    << "#include \"cotangent/API/LibraryABI.h\"\n\n"
    << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  for (const EntryPoint &entry : entries) {
    std::string name = exportedName(entry.name);
    h << "/* @" << entry.name << " */\n";
    h << "int " << name << "(" << cParameters(entry) << ");\n\n";
  }
  h << "#ifdef __cplusplus\n}\n#endif\n";
  return h.str();
}

std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

/// The exported functions: each describes every value as the compiled
/// code's entry twin takes it and calls it under the runtime.
std::string wrapperText(const std::vector<EntryPoint> &entries,
                        const std::vector<DeclaredCallback> &callbacks,
                        std::string_view bufferName) {
  std::ostringstream w;
  w << "// Generated by cot compile; the exported C functions.\n"
    << "#include \"cotangent/API/LibraryABI.h\"\n"
    << "#include <cstddef>\n#include <cstdint>\n\n"
    << "namespace {\n"
    << "template <int Rank> struct Descriptor {\n"
    << "  void *allocated, *aligned;\n  int64_t offset, sizes[Rank], "
       "strides[Rank];\n};\n"
    << "template <> struct Descriptor<0> {\n"
    << "  void *allocated, *aligned;\n  int64_t offset;\n};\n";
  std::vector<std::string> names, signatures;
  for (const DeclaredCallback &callback : callbacks) {
    names.push_back(quoted(callback.name));
    signatures.push_back(quoted(callback.signature.str()));
  }
  auto list = [](const std::vector<std::string> &items) {
    std::string text;
    for (const std::string &item : items)
      text += item + ", ";
    return text.empty() ? std::string("nullptr") : text;
  };
  w << "const char *const callbackNames[] = {" << list(names) << "};\n"
    << "const char *const callbackSignatures[] = {" << list(signatures)
    << "};\n"
    << "CotLibrary library = {" << quoted(std::string(bufferName)) << ", "
    << callbacks.size() << ", callbackNames, callbackSignatures, nullptr};\n"
    << "} // namespace\n\n";
  // The names MLIR's lowering calls, bound to the runtime's functions (as
  // the JIT's symbol map does), kept inside this library.
  w << "extern \"C\" void *__cot_buffer_alloc(size_t);\n"
    << "extern \"C\" void __cot_buffer_free(void *);\n"
    << "extern \"C\" __attribute__((visibility(\"hidden\"))) void *\n"
    << "_mlir_memref_to_llvm_alloc(size_t bytes) { return "
       "__cot_buffer_alloc(bytes); }\n"
    << "extern \"C\" __attribute__((visibility(\"hidden\"))) void\n"
    << "_mlir_memref_to_llvm_free(void *p) { __cot_buffer_free(p); }\n\n";

  for (const EntryPoint &entry : entries) {
    std::string twin =
        "_mlir_ciface_" + (kEntryWrapperPrefix + entry.name).str();
    size_t count = entry.arguments.size() + entry.results.size();
    w << "extern \"C\" void " << twin << "(";
    for (size_t i = 0; i < count; ++i)
      w << (i ? ", " : "") << "void *";
    w << ");\n";
    w << "static void packed_" << entry.name << "(void **a) { " << twin << "(";
    for (size_t i = 0; i < count; ++i)
      w << (i ? ", " : "") << "a[" << i << "]";
    w << "); }\n";
    w << "extern \"C\" __attribute__((visibility(\"default\"))) int "
      << exportedName(entry.name) << "(" << cParameters(entry) << ") {\n";
    std::vector<std::string> descriptors;
    auto describe = [&](const ArrayType &type, const std::string &data,
                        const std::string &name) {
      size_t rank = type.shape.size();
      w << "  Descriptor<" << rank << "> " << name << "{" << data << ", "
        << data << ", 0";
      if (rank) {
        std::string sizes, strides;
        int64_t stride = 1;
        std::vector<int64_t> strideOf(rank);
        for (size_t d = rank; d-- > 0;) {
          strideOf[d] = stride;
          stride *= type.shape[d];
        }
        for (size_t d = 0; d < rank; ++d) {
          if (d) {
            sizes += ", ";
            strides += ", ";
          }
          sizes += std::to_string(type.shape[d]);
          strides += std::to_string(strideOf[d]);
        }
        w << ", {" << sizes << "}, {" << strides << "}";
      }
      w << "};\n";
      descriptors.push_back("&" + name);
    };
    // Compiled code never writes into its tensor arguments
    // (read-only-entry-arguments): they are the caller's arrays; a scalar
    // gets an address.
    for (auto [i, type] : llvm::enumerate(entry.arguments)) {
      std::string arg = numbered("arg", i);
      const char *element = cType(type.element);
      if (byValue(type)) {
        std::string local = numbered("in", i);
        w << "  " << element << " " << local << " = " << arg << ";\n";
        describe(type, "&" + local, numbered("d", i));
      } else {
        describe(type,
                 "const_cast<" + std::string(element) + " *>(" + arg + ")",
                 numbered("d", i));
      }
    }
    for (auto [j, type] : llvm::enumerate(entry.results))
      describe(type, numbered("result", j), numbered("r", j));
    w << "  void *buffers[] = {";
    for (size_t i = 0; i < descriptors.size(); ++i)
      w << (i ? ", " : "") << descriptors[i];
    if (descriptors.empty())
      w << "nullptr";
    w << "};\n  static const size_t bytes[] = {";
    for (const std::vector<ArrayType> *types :
         {&entry.arguments, &entry.results})
      for (const ArrayType &type : *types)
        w << type.numElements() *
                 static_cast<int64_t>(elementSize(type.element))
          << ", ";
    if (descriptors.empty())
      w << "0";
    w << "};\n  return __cot_library_call(packed_" << entry.name
      << ", buffers, bytes, " << entry.arguments.size() << ", "
      << descriptors.size() << ", &library);\n}\n\n";
  }
  return w.str();
}

/// The target machine for `cpu` (empty: the host's CPU and features), with
/// position-independent code for a shared library.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
targetMachineFor(const std::string &cpu, int optimizationLevel) {
  llvm::orc::JITTargetMachineBuilder builder{
      llvm::Triple(llvm::sys::getProcessTriple())};
  if (cpu.empty()) {
    auto host = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!host)
      return host.takeError();
    builder = std::move(*host);
  } else {
    builder.setCPU(cpu);
  }
  builder.setRelocationModel(llvm::Reloc::PIC_);
  builder.setCodeGenOptLevel(
      static_cast<llvm::CodeGenOptLevel>(optimizationLevel));
  return builder.createTargetMachine();
}

/// Runs `command` (argv), returning its combined output on failure.
std::optional<std::string> run(const std::vector<std::string> &command) {
  llvm::SmallString<128> log;
  llvm::sys::fs::createTemporaryFile("cot-link", "log", log);
  std::vector<llvm::StringRef> argv(command.begin(), command.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(),
                                                log.str()};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(command[0], argv, std::nullopt,
                                         redirects, 0, 0, &error);
  std::ifstream file(log.c_str());
  std::stringstream output;
  output << file.rdbuf();
  llvm::sys::fs::remove(log);
  if (status == 0)
    return std::nullopt;
  return (error.empty() ? "" : error + "\n") + output.str();
}

} // namespace

Result<std::vector<EntryPoint>>
cotangent::compileSharedLibrary(std::string_view source,
                                std::string_view bufferName,
                                const LibraryOptions &options) {
  if (options.output.empty())
    return usageError("no output library given");
  if (options.compile.optimizationLevel < 0 ||
      options.compile.optimizationLevel > 3)
    return usageError("the optimisation level must be 0 to 3, not " +
                      std::to_string(options.compile.optimizationLevel));
  initializeCodeGeneration();
  auto target =
      targetMachineFor(options.targetCpu, options.compile.optimizationLevel);
  if (!target)
    return usageError("cannot generate code for CPU '" + options.targetCpu +
                      "': " + llvm::toString(target.takeError()));
  if (!options.targetCpu.empty() &&
      !(*target)->getMCSubtargetInfo()->isCPUStringValid(options.targetCpu))
    return usageError("unknown target CPU '" + options.targetCpu +
                      "' (for example x86-64, x86-64-v3, znver3, native "
                      "CPUs by name; default: the host's)");

  mlir::DialectRegistry registry;
  registerPipelineDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();
  Result<LoweredProgram> lowered = lowerToLLVMDialect(
      context, source, bufferName, options.compile, CallbackBinding::Deferred);
  if (!lowered)
    return lowered.error();
  std::vector<EntryPoint> exported;
  for (const EntryPoint &entry : lowered->entries) {
    if (!entry.unsupported.empty())
      continue;
    if (exportedName(entry.name).empty())
      return compileError("@" + entry.name +
                          " cannot be exported: its name is not a C "
                          "identifier (make it private, or rename it)");
    exported.push_back(entry);
  }

  std::string translation;
  mlir::ScopedDiagnosticHandler capture(&context, [&](mlir::Diagnostic &d) {
    translation += d.str() + "\n";
    return mlir::success();
  });
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module =
      mlir::translateModuleToLLVMIR(*lowered->module, llvmContext);
  if (!module)
    return compileError(translation + "translation to LLVM IR failed");
  // Only the generated exports are the library's interface: the program's
  // own functions must not meet (or be replaced by) the host's of the same
  // name.
  for (llvm::Function &function : *module)
    if (!function.isDeclaration())
      function.setVisibility(llvm::GlobalValue::HiddenVisibility);
  module->setDataLayout((*target)->createDataLayout());
  module->setTargetTriple((*target)->getTargetTriple());
  prepareForTarget(*module, **target, options.compile.contractMultiplyAdd,
                   static_cast<unsigned>(options.compile.optimizationLevel));

  llvm::SmallString<128> object, wrappers;
  llvm::sys::fs::createTemporaryFile("cot-program", "o", object);
  llvm::sys::fs::createTemporaryFile("cot-exports", "cpp", wrappers);
  {
    std::error_code failure;
    llvm::raw_fd_ostream out(object, failure);
    if (failure)
      return usageError("cannot write '" + object.str().str() +
                        "': " + failure.message());
    llvm::legacy::PassManager emit;
    if ((*target)->addPassesToEmitFile(emit, out, nullptr,
                                       llvm::CodeGenFileType::ObjectFile))
      return compileError("the target cannot emit object files");
    emit.run(*module);
  }
  std::ofstream(wrappers.c_str())
      << wrapperText(exported, lowered->declared, bufferName);
  if (!options.header.empty()) {
    std::ofstream header(options.header);
    if (!header)
      return usageError("cannot write '" + options.header + "'");
    header << headerText(exported, bufferName);
  }

  PackageDirectories package = packageDirectories();
  const char *compiler = std::getenv("CXX");
  auto driver = llvm::sys::findProgramByName(compiler ? compiler : "c++");
  if (!driver)
    return usageError(std::string("cannot find the C++ compiler '") +
                      (compiler ? compiler : "c++") +
                      "' that links the library (set CXX)");
  std::optional<std::string> failure = run(
      {*driver, "-shared", "-fPIC", "-O2", "-std=c++17", "-I" + package.include,
       "-o", options.output, wrappers.str().str(), object.str().str(),
       "-L" + package.library, "-lcotangent", "-Wl,-rpath," + package.library});
  llvm::sys::fs::remove(object);
  llvm::sys::fs::remove(wrappers);
  if (failure)
    return usageError("linking '" + options.output + "' failed:\n" + *failure);
  return exported;
}
