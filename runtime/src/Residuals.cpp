//===- Residuals.cpp - the tape of one custom-gradient call ---------------===//
#include "cotangent/Runtime/Residuals.h"

#include <cstring>
#include <vector>

namespace {
using ResidualTape = std::vector<std::vector<char>>;

/// The first element of a contiguous buffer, from its ranked descriptor.
template <typename T> T *firstElement(void *descriptor) {
  auto *fields = static_cast<char *>(descriptor);
  T *aligned;
  int64_t offset;
  std::memcpy(&aligned, fields + sizeof(void *), sizeof aligned);
  std::memcpy(&offset, fields + 2 * sizeof(void *), sizeof offset);
  return aligned + offset;
}

template <typename T>
void put(void *tape, int64_t index, void *descriptor, int64_t bytes) {
  const char *data =
      reinterpret_cast<const char *>(firstElement<T>(descriptor));
  (*static_cast<ResidualTape *>(tape))[index].assign(data, data + bytes);
}

template <typename T>
void get(const void *tape, int64_t index, void *descriptor, int64_t bytes) {
  const std::vector<char> &slot =
      (*static_cast<const ResidualTape *>(tape))[index];
  std::memcpy(firstElement<T>(descriptor), slot.data(),
              static_cast<size_t>(bytes));
}
} // namespace

void *__cot_residuals_create(int64_t count) { return new ResidualTape(count); }

void __cot_residuals_free(void *tape) {
  delete static_cast<ResidualTape *>(tape);
}

void __cot_residuals_put_f64(void *tape, int64_t index, int64_t,
                             void *descriptor, int64_t bytes) {
  put<double>(tape, index, descriptor, bytes);
}
void __cot_residuals_get_f64(const void *tape, int64_t index, int64_t,
                             void *descriptor, int64_t bytes) {
  get<double>(tape, index, descriptor, bytes);
}
void __cot_residuals_put_f32(void *tape, int64_t index, int64_t,
                             void *descriptor, int64_t bytes) {
  put<float>(tape, index, descriptor, bytes);
}
void __cot_residuals_get_f32(const void *tape, int64_t index, int64_t,
                             void *descriptor, int64_t bytes) {
  get<float>(tape, index, descriptor, bytes);
}
