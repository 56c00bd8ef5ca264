//===- Cotangent.h - the C++ embedding API ----------------------*- C++ -*-===//
//
// Compile MLIR text to native code, look up entry points, call them with
// arrays. Everything `cot` does goes through this header; it includes no MLIR
// or LLVM headers so that embedding projects need only the standard library.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_API_COTANGENT_H
#define COTANGENT_API_COTANGENT_H

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace cotangent {

/// Element types an entry point can take or return.
enum class ElementType { F64, F32, I64, I1, Complex128 };

/// The MLIR spelling of `type` ("f64", "complex<f64>", ...).
const char *elementTypeName(ElementType type);
/// Bytes per element as stored in an Array.
std::size_t elementSize(ElementType type);

/// The type of one argument or result: a scalar has an empty shape.
struct ArrayType {
  ElementType element;
  std::vector<int64_t> shape;
  /// "f64" for a scalar, "tensor<2x3xf64>" otherwise.
  std::string str() const;
  int64_t numElements() const;
  bool operator==(const ArrayType &other) const {
    return element == other.element && shape == other.shape;
  }
};

/// A dense row-major array of one element type; rank 0 holds a scalar.
/// I1 elements are stored one byte each (0 or 1).
class Array {
public:
  explicit Array(ArrayType type); ///< zero-filled
  static Array scalar(double value);
  static Array scalar(float value);
  static Array scalar(int64_t value);
  static Array scalar(bool value);
  static Array vector(const std::vector<double> &values);

  const ArrayType &type() const { return type_; }
  const std::vector<int64_t> &shape() const { return type_.shape; }
  int64_t numElements() const { return type_.numElements(); }
  void *data() { return storage_.data(); }
  const void *data() const { return storage_.data(); }
  /// Typed access to the elements; T must match the element type's size.
  template <typename T> T *as() { return reinterpret_cast<T *>(data()); }
  template <typename T> const T *as() const {
    return reinterpret_cast<const T *>(data());
  }

private:
  ArrayType type_;
  std::vector<uint64_t> storage_; // 8-byte aligned words, zero-filled
};

/// The array as a JSON literal: floats with 17 significant digits (NaN,
/// Infinity, -Infinity), nested lists for tensors, [re, im] for complex
/// numbers; how `cot run` prints results and callback.print its values.
std::string toJson(const Array &array);

class CallbackRegistry; // cotangent/API/Callbacks.h

/// A public function of a compiled program that the host can call.
struct EntryPoint {
  std::string name;
  std::vector<ArrayType> arguments;
  std::vector<ArrayType> results;
  /// Why the host cannot call this function, empty when it can.
  std::string unsupported;
};

/// What went wrong, sorted so a tool can map it to an exit code.
struct Error {
  enum class Kind {
    Compile, ///< the program: parse, verify or lowering diagnostics
    Usage,   ///< the call: unknown entry, wrong number or types of arguments
    Runtime, ///< inside the compiled code: raised by the runtime
  };
  Kind kind;
  std::string message;
};

/// A value or the Error that prevented it.
template <typename T> class Result {
public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}
  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T &value() { return std::get<0>(state_); }
  const T &value() const { return std::get<0>(state_); }
  T &operator*() { return value(); }
  T *operator->() { return &value(); }
  const Error &error() const { return std::get<1>(state_); }

private:
  std::variant<T, Error> state_;
};

struct CompileOptions {
  /// Run the optimize-before-AD stage (inlining, memory to values, loop
  /// invariant code motion) before differentiation.
  bool optimizeBeforeAD = true;
  /// Run the fuse-gates stage: runs of gates on a few qubits are applied as
  /// one matrix, in one sweep over the state instead of one per gate.
  bool fuseGates = true;
  /// Check every buffer index (tensor.extract, tensor.insert, memref.load,
  /// memref.store) and every slice (tensor.extract_slice, insert_slice,
  /// memref.subview) not proven in range, ending a call that goes outside
  /// with a run-time error.
  bool checkIndices = true;
  /// The most qubits one fused block acts on, 1 to 5 (3: measured fastest,
  /// see docs/quantum.md).
  int fusedBlockWires = 3;
  /// LLVM's optimisation level for the native code, 0 to 3. The code is
  /// generated for the host CPU (its vector registers included); no level
  /// reassociates floating-point arithmetic, so results are the same from
  /// run to run.
  int optimizationLevel = 3;
  /// Let a multiplication and the addition or subtraction of its product
  /// round once, as a fused multiply-add where the CPU has one (what C and
  /// C++ compilers do by default), except the next term of a running sum of
  /// products (s = s + a * b), which is faster unfused. Nothing is
  /// reordered and results are the same from run to run, but they may differ
  /// in the last bits from separately rounded arithmetic, and between CPUs
  /// with and without FMA.
  bool contractMultiplyAdd = true;
  /// Name of a pipeline stage (see printPipeline) after which the IR is
  /// written to `irOutput`.
  std::string dumpAfter;
  std::ostream *irOutput = nullptr;
  /// The host functions the program's callbacks are bound to, by name (see
  /// Callbacks.h); the program keeps what it uses, so the registry need not
  /// outlive compile().
  const CallbackRegistry *callbacks = nullptr;
};

struct RunOptions {
  /// Seed of the measurement random generator; unset draws a fresh seed.
  std::optional<uint64_t> seed;
  /// Where callback.print writes its lines; null: standard output.
  std::ostream *printOutput = nullptr;
  /// The most bytes the derivative tape may hold, so that a derivative
  /// that never ends stops with a run-time error; 0: half the memory
  /// available when the tape first grows in the call.
  int64_t tapeLimitBytes = 0;
};

/// What one call measured about itself.
struct RunStatistics {
  /// High-water mark of the derivative tape, in bytes (8 per saved value).
  int64_t tapePeakBytes = 0;
};

/// Milliseconds spent in one step from source text to native code.
struct StageTiming {
  std::string stage;
  double milliseconds;
};

/// A compiled program. Calls are independent: each starts from an empty
/// quantum device, and an error in one leaves the program usable. Destroy a
/// program before the process exits, not from a static destructor: its JIT
/// compiles its deinitializers then, with LLVM's own static data, which
/// static destruction may already have freed.
class Program {
public:
  static Result<Program> compile(std::string_view source,
                                 std::string_view bufferName,
                                 const CompileOptions &options = {});
  Program(Program &&) noexcept;
  Program &operator=(Program &&) noexcept;
  ~Program();

  const std::vector<EntryPoint> &entryPoints() const;
  const EntryPoint *findEntryPoint(std::string_view name) const;
  const std::vector<StageTiming> &compileTimings() const;

  /// Calls `entry` with `arguments`, which it reads and never writes, and
  /// returns its results in new arrays.
  Result<std::vector<Array>> call(std::string_view entry,
                                  const std::vector<Array> &arguments,
                                  const RunOptions &options = {},
                                  RunStatistics *statistics = nullptr) const;
  /// Like call, but writes the results into `results`, arrays of the
  /// entry's result types that the caller allocated (once, say, for many
  /// calls). Elements the entry never writes (those of a `tensor.empty`
  /// it returns, say) keep what the arrays held, where call's fresh arrays
  /// are zero. `results` may be `arguments` itself (an update in place):
  /// the arguments are then read from copies. On an error, `results` may
  /// hold partial values.
  Result<std::monostate> callInto(std::string_view entry,
                                  const std::vector<Array> &arguments,
                                  std::vector<Array> &results,
                                  const RunOptions &options = {},
                                  RunStatistics *statistics = nullptr) const;

private:
  struct Impl;
  explicit Program(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// How `compileSharedLibrary` builds an ahead-of-time library.
struct LibraryOptions {
  /// The pipeline's options; `callbacks` is not used (a library binds its
  /// callbacks when it is first called, see processCallbacks).
  CompileOptions compile;
  /// The shared library to write.
  std::string output;
  /// The C header to write (none when empty).
  std::string header;
  /// The CPU the code is generated for ("x86-64-v3", "znver3", ...);
  /// empty: the host's, with all its features.
  std::string targetCpu;
};

/// Compiles `source` to a shared library that exports, for each public
/// function @f, `int cot_f(...)` with the C signature its header declares
/// (docs/ahead-of-time.md); it links against this library, whose runtime it
/// uses. Needs a C++ compiler driver at run time (`$CXX`, else `c++`) to
/// link. Returns the exported entry points.
Result<std::vector<EntryPoint>>
compileSharedLibrary(std::string_view source, std::string_view bufferName,
                     const LibraryOptions &options);

/// The pipeline's stages, each with its purpose and passes.
std::string describePipeline();
/// Names of the stages, in order (the values `dumpAfter` accepts).
std::vector<std::string> pipelineStageNames();

} // namespace cotangent

#endif
