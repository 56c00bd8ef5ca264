//===- BufferAllocator.cpp - allocation of compiled code's buffers --------===//
#include "cotangent/Runtime/BufferAllocator.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <vector>

namespace {

// Blocks this large come from fresh pages when malloc maps them; smaller
// ones are cheap and go straight to malloc.
constexpr size_t kCachedFrom = 64 * 1024;
// Keep at most this much freed memory per thread.
constexpr size_t kCacheLimit = size_t{512} << 20;
// Each block starts with its size, padded so the data keeps malloc's
// 16-byte alignment.
constexpr size_t kHeader = 16;

struct Cache {
  std::map<size_t, std::vector<void *>> blocks; ///< by size
  size_t bytes = 0;
  ~Cache() {
    for (auto &[size, list] : blocks)
      for (void *block : list)
        std::free(block);
  }
};
thread_local Cache cache;

} // namespace

void *__cot_buffer_alloc(size_t bytes) {
  if (bytes >= kCachedFrom) {
    auto it = cache.blocks.find(bytes);
    if (it != cache.blocks.end() && !it->second.empty()) {
      void *block = it->second.back();
      it->second.pop_back();
      cache.bytes -= bytes;
      return static_cast<char *>(block) + kHeader;
    }
  }
  void *block = std::malloc(bytes + kHeader);
  if (!block)
    return nullptr;
  *static_cast<size_t *>(block) = bytes;
  return static_cast<char *>(block) + kHeader;
}

void __cot_buffer_free(void *buffer) {
  if (!buffer)
    return;
  void *block = static_cast<char *>(buffer) - kHeader;
  size_t bytes = *static_cast<size_t *>(block);
  if (bytes >= kCachedFrom && cache.bytes + bytes <= kCacheLimit) {
    cache.blocks[bytes].push_back(block);
    cache.bytes += bytes;
    return;
  }
  std::free(block);
}
