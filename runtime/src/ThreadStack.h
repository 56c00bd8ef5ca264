//===- ThreadStack.h - How deep compiled code may recurse -----------------===//
//
// Compiled code recurses on the thread that called it. Functions that can
// call themselves check, on entry, that the stack has room left
// (__cot_stack_check); this gives them the bound, measured once per thread.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_THREADSTACK_H
#define COTANGENT_RUNTIME_THREADSTACK_H

#include <cstdint>

namespace cotangent::runtime {

struct ThreadStack {
  /// The stack of the calling thread, or size 0 if the system does not say.
  static ThreadStack ofThisThread();

  uintptr_t lowest = 0; ///< The stack grows down towards this address.
  uint64_t size = 0;    ///< Bytes.

  /// The lowest address a recursive call may start at: it leaves room for the
  /// frames of one more call, the runtime and the error's path.
  uintptr_t recursionLimit() const;
};

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_THREADSTACK_H
