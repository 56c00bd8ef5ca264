//===- HostCallbacks.h - host functions that compiled code calls -*- C++
//-*-===//
//
// The runtime's side of host callbacks: a run is given the host functions
// its program is bound to, by callback id, and a printer for callback.print.
// The embedding API implements both (cotangent/API/Callbacks.h); the runtime
// only dispatches, keeps the residuals of forward calls until their reverse
// call, and releases those left over when the run ends (also on an error).
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_RUNTIME_HOSTCALLBACKS_H
#define COTANGENT_RUNTIME_HOSTCALLBACKS_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace cotangent::runtime {

/// What one call of __cot_callback runs; the values are the ABI's.
enum class Invocation : int64_t {
  /// buffers: inputs, then outputs.
  Primal = 0,
  /// buffers: inputs, outputs, then one i64 receiving the residuals' handle.
  Forward = 1,
  /// buffers: the i64 handle, the outputs' cotangents, then the inputs'
  /// cotangents (written, one per input; those of integers are ignored).
  Reverse = 2,
  /// buffers: inputs, their tangents, then outputs and their tangents
  /// (written).
  Tangent = 3,
};

/// Element types of the values callbacks exchange; the values are the ABI's.
enum class HostElement : int64_t { F64 = 0, F32 = 1, I64 = 2, I1 = 3 };

/// A host function bound to one callback of a program. Buffers are data
/// pointers of contiguous arrays of the callback's declared types. Exceptions
/// thrown here end the run with their message.
class HostCallback {
public:
  virtual ~HostCallback() = default;
  virtual const std::string &name() const = 0;
  virtual std::size_t numInputs() const = 0;
  virtual std::size_t numOutputs() const = 0;
  /// Writes the outputs from the inputs.
  virtual void primal(void *const *buffers) const = 0;
  /// Writes the outputs and returns the residuals the reverse call needs
  /// (owned by the caller until passed to reverse or release).
  virtual void *forward(void *const *buffers) const = 0;
  /// Writes the inputs' cotangents from the residuals and the outputs'
  /// cotangents, and releases the residuals (also when it throws).
  virtual void reverse(void *residuals, void *const *buffers) const = 0;
  /// Releases residuals whose reverse call never came.
  virtual void release(void *residuals) const = 0;
  /// Writes the outputs and their tangents from the inputs and theirs.
  virtual void tangent(void *const *buffers) const = 0;
};

/// Prints the values of callback.print.
class ValuePrinter {
public:
  virtual ~ValuePrinter() = default;
  virtual void print(HostElement element, const void *data,
                     const int64_t *shape, int64_t rank) const = 0;
};

/// What a run is bound to: host functions by callback id, and a printer.
struct HostBindings {
  const HostCallback *const *callbacks = nullptr;
  std::size_t numCallbacks = 0;
  const ValuePrinter *printer = nullptr;
};

} // namespace cotangent::runtime

#endif
