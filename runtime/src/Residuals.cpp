//===- Residuals.cpp - the tape of one custom-gradient call ---------------===//
#include "cotangent/Runtime/Residuals.h"

#include <cstring>
#include <vector>

namespace {
using ResidualTape = std::vector<std::vector<char>>;
} // namespace

void *__cot_residuals_create(int64_t count) { return new ResidualTape(count); }

void __cot_residuals_free(void *tape) {
  delete static_cast<ResidualTape *>(tape);
}

void __cot_residuals_put(void *tape, int64_t index, const void *data,
                         int64_t bytes) {
  const char *first = static_cast<const char *>(data);
  (*static_cast<ResidualTape *>(tape))[index].assign(first, first + bytes);
}

void __cot_residuals_get(const void *tape, int64_t index, void *data,
                         int64_t bytes) {
  const std::vector<char> &slot =
      (*static_cast<const ResidualTape *>(tape))[index];
  std::memcpy(data, slot.data(), static_cast<size_t>(bytes));
}
