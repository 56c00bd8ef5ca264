//===- Execution.cpp - Running compiled code with error capture ----------===//

#include "cotangent/Runtime/Execution.h"

#include "ExecutionContext.h"
#include "cotangent/Runtime/MemoryInfo.h"
#include "RuntimeError.h"

#include <algorithm>
#include <csetjmp>
#include <random>

namespace cotangent::runtime {
namespace {

/// Half the memory available now: a derivative that never ends (a loop
/// under grad) stops with an error before the machine runs out.
int64_t defaultTapeLimitBytes() {
  return static_cast<int64_t>(
      std::min<uint64_t>(availableMemoryBytes() / 2, INT64_MAX));
}

uint64_t freshSeed() {
  std::random_device device;
  return (uint64_t(device()) << 32) ^ device();
}

/// Calls fn(args); returns false if an entry point ended the run by jumping
/// back here. Kept apart from invoke and free of objects with destructors,
/// since the longjmp lands in this frame.
bool callWithTrap(ExecutionContext &context, PackedFunction fn, void **args) {
  std::jmp_buf trap;
  context.setTrap(&trap);
  if (setjmp(trap) != 0)
    return false;
  fn(args);
  return true;
}

} // namespace

std::optional<std::string> invoke(PackedFunction fn, void **args,
                                  const RunOptions &options,
                                  RunReport *report) {
  ExecutionContext context(
      options.seed ? *options.seed : freshSeed(), options.host,
      options.tapeLimitBytes > 0 ? options.tapeLimitBytes
                                 : defaultTapeLimitBytes());
  ExecutionContext::Scope scope(context);
  bool completed = false;
  try {
    completed = callWithTrap(context, fn, args);
  } catch (...) {
    // fn is host code that called fail() (or threw) directly, not through an
    // entry point.
    context.recordError(nullptr, currentExceptionMessage());
  }
  if (report)
    report->tapePeakBytes = context.tape().peak;
  if (completed)
    return std::nullopt;
  // The error skipped the code that frees the run's buffers and tapes.
  context.liveAllocations().releaseAll();
  return context.error();
}

void fail(const std::string &message) { throw RuntimeError(message); }

} // namespace cotangent::runtime
