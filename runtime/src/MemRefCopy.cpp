//===- MemRefCopy.cpp - copies between strided buffers --------------------===//
#include "cotangent/Runtime/MemRefCopy.h"

#include <cstring>
#include <vector>

namespace {
/// The fields of a ranked descriptor (see MemRefCopy.h).
struct Strided {
  char *data;
  const int64_t *sizes;
  const int64_t *strides;
};

Strided view(const CotUnrankedMemRef &memref, int64_t elementSize) {
  auto *fields = static_cast<char **>(memref.descriptor);
  auto *integers = reinterpret_cast<const int64_t *>(fields + 2);
  int64_t offset = integers[0];
  return {fields[1] + offset * elementSize, integers + 1,
          integers + 1 + memref.rank};
}
} // namespace

void memrefCopy(int64_t elementSize, CotUnrankedMemRef *source,
                CotUnrankedMemRef *target) {
  int64_t rank = source->rank;
  Strided from = view(*source, elementSize), to = view(*target, elementSize);
  for (int64_t dim = 0; dim < rank; ++dim)
    if (from.sizes[dim] == 0)
      return;
  // Odometer over every index, innermost dimension fastest.
  std::vector<int64_t> index(rank, 0);
  while (true) {
    int64_t fromOffset = 0, toOffset = 0;
    for (int64_t dim = 0; dim < rank; ++dim) {
      fromOffset += index[dim] * from.strides[dim];
      toOffset += index[dim] * to.strides[dim];
    }
    std::memcpy(to.data + toOffset * elementSize,
                from.data + fromOffset * elementSize, elementSize);
    int64_t dim = rank - 1;
    for (; dim >= 0; --dim) {
      if (++index[dim] < from.sizes[dim])
        break;
      index[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}
