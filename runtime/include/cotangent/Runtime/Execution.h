//===- Execution.h - Running compiled code under the runtime -------------===//
//
// The host side of the runtime: a run gets a fresh execution context (empty
// device, seeded random generator) and any error raised inside it comes back
// as a message instead of ending the process.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_EXECUTION_H
#define COTANGENT_RUNTIME_EXECUTION_H

#include "cotangent/Runtime/HostCallbacks.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cotangent::runtime {

struct RunOptions {
  /// Seed of the run's random generator; without one, the next draw of a
  /// per-thread generator that std::random_device seeded.
  std::optional<uint64_t> seed;
  /// The host functions of the program's callbacks, and its printer.
  HostBindings host = {};
  /// The most bytes the derivative tape may hold; 0: half the memory
  /// available when the tape first grows.
  int64_t tapeLimitBytes = 0;
};

/// The packed calling convention of compiled entry points.
using PackedFunction = void (*)(void **);

/// Calls fn(args) with a fresh execution context current on this thread.
/// Returns std::nullopt on success, or the message of the error that ended the
/// run. Nested calls (from a callback inside a run) restore the outer context
/// when they return.
/// What a run measured about itself.
struct RunReport {
  int64_t tapePeakBytes = 0; ///< the derivative tape's high-water mark
};

std::optional<std::string> invoke(PackedFunction fn, void **args,
                                  const RunOptions &options,
                                  RunReport *report = nullptr);

/// Ends the current run with `message` (by throwing; the runtime entry point
/// or invoke that called the host code turns it into the run's error).
[[noreturn]] void fail(const std::string &message);

struct Symbol {
  const char *name;
  void *address;
};

/// Every function of RuntimeABI.def under the name compiled code calls it
/// by, for the JIT's symbol map.
const std::vector<Symbol> &symbols();

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_EXECUTION_H
