//===- ThreadStack.cpp ----------------------------------------------------===//

#include "ThreadStack.h"

#include <algorithm>
#include <pthread.h>

namespace cotangent::runtime {

namespace {

ThreadStack measureThisThread() {
  ThreadStack stack;
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0)
    return stack;
  void *address = nullptr;
  size_t size = 0;
  if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
    stack.lowest = reinterpret_cast<uintptr_t>(address);
    stack.size = size;
  }
  pthread_attr_destroy(&attributes);
  return stack;
}

} // namespace

ThreadStack ThreadStack::ofThisThread() {
  // Measured once per thread: for the main thread glibc reads
  // /proc/self/maps, too slow for every call of an entry point.
  thread_local const ThreadStack stack = measureThisThread();
  return stack;
}

uintptr_t ThreadStack::recursionLimit() const {
  if (size == 0)
    return 0;
  // A quarter of a small stack, 1 MiB of a large one.
  const uint64_t reserve = std::min<uint64_t>(size / 4, uint64_t(1) << 20);
  return lowest + reserve;
}

} // namespace cotangent::runtime
