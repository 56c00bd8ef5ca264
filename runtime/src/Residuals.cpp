//===- Residuals.cpp - the tape of one custom-gradient call ---------------===//
#include "cotangent/Runtime/Residuals.h"

#include "ExecutionContext.h"
#include "LiveAllocations.h"

#include <cstring>
#include <vector>

using cotangent::runtime::AllocationLinks;

namespace {

/// The residuals, with the links that let a failed run release the tape.
struct ResidualTape : AllocationLinks {
  std::vector<std::vector<char>> slots;
};

void release(AllocationLinks *links) {
  cotangent::runtime::LiveAllocations::unlink(*links);
  delete static_cast<ResidualTape *>(links);
}

} // namespace

void *__cot_residuals_create(int64_t count) {
  auto *tape = new ResidualTape{{nullptr, nullptr, release},
                                std::vector<std::vector<char>>(count)};
  if (auto *context = cotangent::runtime::ExecutionContext::current())
    context->liveAllocations().link(*tape);
  return tape;
}

void __cot_residuals_free(void *tape) {
  if (tape) // null: a custom gradient without residuals
    release(static_cast<ResidualTape *>(tape));
}

void __cot_residuals_put(void *tape, int64_t index, const void *data,
                         int64_t bytes) {
  const char *first = static_cast<const char *>(data);
  static_cast<ResidualTape *>(tape)->slots[index].assign(first, first + bytes);
}

void __cot_residuals_get(const void *tape, int64_t index, void *data,
                         int64_t bytes) {
  const std::vector<char> &slot =
      static_cast<const ResidualTape *>(tape)->slots[index];
  std::memcpy(data, slot.data(), static_cast<size_t>(bytes));
}
