//===- OverlappingArguments.cpp - arguments that share a result's memory -===//
#include "OverlappingArguments.h"

#include <cstring>

using namespace cotangent;

namespace {

uintptr_t dataAddress(const int64_t *descriptor) {
  return static_cast<uintptr_t>(descriptor[1]);
}

bool overlap(uintptr_t a, size_t aBytes, uintptr_t b, size_t bBytes) {
  return aBytes && bBytes && a < b + bBytes && b < a + aBytes;
}

} // namespace

std::vector<std::vector<uint64_t>> cotangent::copyArgumentsOverlappingResults(
    std::span<int64_t *const> descriptors, std::span<const size_t> bytes,
    size_t numArguments) {
  std::vector<std::vector<uint64_t>> copies;
  for (size_t i = 0; i < numArguments; ++i) {
    const uintptr_t argument = dataAddress(descriptors[i]);
    bool shared = false;
    for (size_t j = numArguments; j < descriptors.size() && !shared; ++j)
      shared =
          overlap(argument, bytes[i], dataAddress(descriptors[j]), bytes[j]);
    if (!shared)
      continue;
    // Whole 8-byte words keep the copy aligned for every element type.
    std::vector<uint64_t> &copy = copies.emplace_back((bytes[i] + 7) / 8);
    std::memcpy(copy.data(), reinterpret_cast<const void *>(argument),
                bytes[i]);
    descriptors[i][0] = descriptors[i][1] =
        static_cast<int64_t>(reinterpret_cast<intptr_t>(copy.data()));
  }
  return copies;
}
