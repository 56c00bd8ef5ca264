//===- Tape.cpp - the stack that carries values from forward to reverse ---===//
#include "cotangent/Runtime/Tape.h"

#include "ExecutionContext.h"
#include "TapeStorage.h"
#include "cotangent/Runtime/MemoryInfo.h"

#include <cstdlib>
#include <string>

using cotangent::runtime::ExecutionContext;

namespace {
/// The buffer of this thread's last finished run (nested runs take turns),
/// freed when the thread ends.
struct SpareTape {
  CotTape tape{nullptr, 0, 0, 0};
  ~SpareTape() { std::free(tape.data); }
};
thread_local SpareTape spare;
} // namespace

CotTape cotangent::runtime::acquireTape() {
  CotTape tape = spare.tape;
  spare.tape = {nullptr, 0, 0, 0};
  tape.size = tape.peak = 0;
  return tape;
}

void cotangent::runtime::releaseTape(CotTape &tape) {
  if (tape.capacity > spare.tape.capacity) {
    std::free(spare.tape.data);
    spare.tape = tape;
  } else {
    std::free(tape.data);
  }
  tape = {nullptr, 0, 0, 0};
}

CotTape *__cot_tape(void) { return &ExecutionContext::current()->tape(); }

void __cot_tape_grow(CotTape *tape, int64_t needed) {
  ExecutionContext *context = ExecutionContext::current();
  int64_t limit = context->tapeLimitBytes();
  if (needed > limit) {
    context->recordError(
        nullptr,
        "the derivative tape needs more than its limit of " +
            cotangent::runtime::formatBytes(static_cast<double>(limit)) +
            " (does a loop under a derivative never end? the limit "
            "is RunOptions::tapeLimitBytes, cot run --tape-limit)");
    context->jumpToTrap();
  }
  int64_t capacity = tape->capacity > 0 ? tape->capacity : 4096;
  while (capacity < needed)
    capacity = capacity > limit / 2 ? limit : 2 * capacity;
  char *data = static_cast<char *>(std::realloc(tape->data, capacity));
  if (!data) {
    context->recordError(nullptr,
                         "out of memory growing the derivative tape to " +
                             std::to_string(capacity) + " bytes");
    context->jumpToTrap();
  }
  tape->data = data;
  tape->capacity = capacity;
}
