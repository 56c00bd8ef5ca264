//===- BufferAllocator.cpp - allocation of compiled code's buffers --------===//
#include "cotangent/Runtime/BufferAllocator.h"

#include "EntryGuard.h"
#include "ExecutionContext.h"
#include "LiveAllocations.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace {

// Blocks this large come from fresh pages when malloc maps them; smaller
// ones are cheap and go straight to malloc.
constexpr size_t kCachedFrom = 64 * 1024;
// Keep at most this much freed memory per thread.
constexpr size_t kCacheLimit = size_t{512} << 20;
// Each block starts with a header: its size, then its links into the live
// allocations of the run that made it (LiveAllocations.h); 32 bytes, so the
// data keeps malloc's 16-byte alignment.
struct Header {
  size_t bytes;
  cotangent::runtime::AllocationLinks links;
};
constexpr size_t kHeader = sizeof(Header);
static_assert(kHeader % 16 == 0, "the data must stay 16-byte aligned");

Header &headerOf(void *buffer) {
  return *reinterpret_cast<Header *>(static_cast<char *>(buffer) - kHeader);
}

/// Where the next allocation of this thread is (__cot_allocation_site).
thread_local const char *nextSite = nullptr;

/// Ends the run: compiled code would use the null pointer.
void *cannotAllocate(size_t bytes, const char *where) {
  return cotangent::runtime::guardEntry(
      where, [&](cotangent::runtime::ExecutionContext &) -> void * {
        if (bytes > PTRDIFF_MAX)
          throw cotangent::runtime::RuntimeError(
              "a buffer of negative size (a negative dynamic extent)");
        throw cotangent::runtime::RuntimeError(
            "out of memory: cannot allocate a buffer of " +
            std::to_string(bytes) + " bytes");
      });
}

void releaseBuffer(cotangent::runtime::AllocationLinks *links) {
  auto *header = reinterpret_cast<Header *>(reinterpret_cast<char *>(links) -
                                            offsetof(Header, links));
  __cot_buffer_free(reinterpret_cast<char *>(header) + kHeader);
}

/// Links the block into the current run's live allocations, if there is a
/// run.
void *track(void *block) {
  auto &header = *static_cast<Header *>(block);
  header.links = {nullptr, nullptr, releaseBuffer};
  if (auto *context = cotangent::runtime::ExecutionContext::current())
    context->liveAllocations().link(header.links);
  return static_cast<char *>(block) + kHeader;
}

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

void __cot_allocation_site(const char *where) { nextSite = where; }

void *__cot_buffer_alloc(size_t bytes) {
  const char *site = nextSite;
  nextSite = nullptr;
  if (bytes >= kCachedFrom) {
    auto it = cache.blocks.find(bytes);
    if (it != cache.blocks.end() && !it->second.empty()) {
      void *block = it->second.back();
      it->second.pop_back();
      cache.bytes -= bytes;
      return track(block);
    }
  }
  // A size this large comes from a negative extent, wrapped around.
  void *block = bytes <= PTRDIFF_MAX ? std::malloc(bytes + kHeader) : nullptr;
  if (!block)
    return cannotAllocate(bytes, site);
  static_cast<Header *>(block)->bytes = bytes;
  return track(block);
}

void __cot_buffer_free(void *buffer) {
  if (!buffer)
    return;
  Header &header = headerOf(buffer);
  cotangent::runtime::LiveAllocations::unlink(header.links);
  void *block = &header;
  size_t bytes = header.bytes;
  if (bytes >= kCachedFrom && cache.bytes + bytes <= kCacheLimit) {
    cache.blocks[bytes].push_back(block);
    cache.bytes += bytes;
    return;
  }
  std::free(block);
}
