//===- MemoryInfo.h - How much memory a run may use ----------*- C++ -*-===//
//
// Lets the simulator refuse a state vector that cannot fit before it tries to
// allocate it (an over-committed allocation would otherwise "succeed" and the
// process be killed later).
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_MEMORYINFO_H
#define COTANGENT_RUNTIME_MEMORYINFO_H

#include <cstdint>
#include <string>

namespace cotangent::runtime {

/// Bytes this process can still allocate without swapping: the system's
/// available memory, lowered to the cgroup's remaining limit if there is one.
uint64_t availableMemoryBytes();

/// "512 B", "23.4 GiB", "16 EiB" (larger amounts are counted in EiB too).
std::string formatBytes(double bytes);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_MEMORYINFO_H
