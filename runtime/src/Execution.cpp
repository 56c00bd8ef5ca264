//===- Execution.cpp - Running compiled code with error capture ----------===//

#include "cotangent/Runtime/Execution.h"

#include "ExecutionContext.h"
#include "RuntimeError.h"

#include <algorithm>
#include <csetjmp>
#include <random>

namespace cotangent::runtime {
namespace {

/// A seed for a run that gave none: the next draw of a generator seeded
/// once per thread by std::random_device (which costs system calls each
/// time it is constructed).
uint64_t freshSeed() {
  thread_local std::mt19937_64 seeds = [] {
    std::random_device device;
    return std::mt19937_64((uint64_t(device()) << 32) ^ device());
  }();
  return seeds();
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
  ExecutionContext context(options.seed ? *options.seed : freshSeed(),
                           options.host,
                           std::max<int64_t>(options.tapeLimitBytes, 0));
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
