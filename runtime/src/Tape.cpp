//===- Tape.cpp - the stack that carries values from forward to reverse ---===//
#include "cotangent/Runtime/Tape.h"

#include "EntryGuard.h"
#include "ExecutionContext.h"

#include <cstdlib>
#include <string>

using cotangent::runtime::ExecutionContext;

CotTape *__cot_tape(void) { return &ExecutionContext::current()->tape(); }

void __cot_tape_grow(CotTape *tape, int64_t needed) {
  int64_t capacity = tape->capacity > 0 ? tape->capacity : 4096;
  while (capacity < needed)
    capacity *= 2;
  char *data = static_cast<char *>(std::realloc(tape->data, capacity));
  if (!data) {
    ExecutionContext *context = ExecutionContext::current();
    context->recordError(nullptr, "out of memory growing the derivative tape to " +
                                      std::to_string(capacity) + " bytes");
    context->jumpToTrap();
  }
  tape->data = data;
  tape->capacity = capacity;
}

int64_t __cot_tape_peak_bytes(void) {
  ExecutionContext *context = ExecutionContext::current();
  return context ? context->tape().peak : 0;
}
