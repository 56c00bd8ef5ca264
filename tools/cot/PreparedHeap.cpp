//===- PreparedHeap.cpp - the heap's first pages mapped in bulk -----------===//
#include "PreparedHeap.h"

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <sys/mman.h>

namespace {

/// About twice the heap compiling a small program touches.
constexpr size_t kPreparedBytes = size_t{8} << 20;
constexpr uintptr_t kPageBytes = 4096;

} // namespace

void cotangent::cli::prepareHeap() {
  // Blocks up to 32 MiB come from the heap rather than from mappings of
  // their own (each of whose pages would fault), and freed memory stays in
  // the heap instead of going back to the system.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  void *block = std::malloc(kPreparedBytes);
  if (!block)
    return;
  auto address = reinterpret_cast<uintptr_t>(block);
  uintptr_t first = (address + kPageBytes - 1) & ~(kPageBytes - 1);
  uintptr_t end = (address + kPreparedBytes) & ~(kPageBytes - 1);
  // Best effort: a kernel older than Linux 5.14 refuses MADV_POPULATE_WRITE
  // and the pages fault in one at a time as before.
  madvise(reinterpret_cast<void *>(first), end - first, MADV_POPULATE_WRITE);
  std::free(block); // back to the heap's free space, mapped
}
