//===- EntryGuard.h - Turning errors into the end of a run ----------------===//
//
// Compiled code has no unwind tables, so no C++ exception may propagate into
// it. Every entry point runs its body through guardEntry: an exception is
// caught, its message recorded in the context, and once the catch block has
// been left (so the exception object is gone) the run is ended by a longjmp
// to the trap that invoke set. Nothing between the entry point and the trap
// may hold an object with a destructor at that moment: entry points keep only
// trivially destructible locals, and compiled code has no destructors.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_ENTRYGUARD_H
#define COTANGENT_RUNTIME_ENTRYGUARD_H

#include "ExecutionContext.h"
#include "RuntimeError.h"

#include <utility>

namespace cotangent::runtime {

/// Returns body(context) for the current context. Without a current context
/// (a call outside invoke) nothing happens and the result is zero.
template <typename Body>
auto guardEntry(const char *where, Body body)
    -> decltype(body(std::declval<ExecutionContext &>())) {
  using Result = decltype(body(std::declval<ExecutionContext &>()));
  ExecutionContext *context = ExecutionContext::current();
  if (!context)
    return Result();
  try {
    return body(*context);
  } catch (const LocatedRuntimeError &error) {
    context->recordError(error.where(), error.what());
  } catch (...) {
    context->recordError(where, currentExceptionMessage());
  }
  context->jumpToTrap();
}

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_ENTRYGUARD_H
