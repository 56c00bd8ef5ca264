//===- MemoryInfo.cpp -----------------------------------------------------===//

#include "cotangent/Runtime/MemoryInfo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <unistd.h>

namespace cotangent::runtime {
namespace {

/// MemAvailable from /proc/meminfo (free memory plus reclaimable caches).
std::optional<uint64_t> procMemAvailable() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:")
      return kib * 1024;
  return std::nullopt;
}

/// memory.max - memory.current of a cgroup v2 with a limit.
std::optional<uint64_t> cgroupRemaining() {
  std::ifstream maxFile("/sys/fs/cgroup/memory.max");
  std::ifstream currentFile("/sys/fs/cgroup/memory.current");
  uint64_t max, current;
  if (!(maxFile >> max) || !(currentFile >> current)) // "max" means no limit
    return std::nullopt;
  return max > current ? max - current : 0;
}

} // namespace

uint64_t availableMemoryBytes() {
  uint64_t available;
  if (auto fromProc = procMemAvailable())
    available = *fromProc;
  else
    available = static_cast<uint64_t>(sysconf(_SC_AVPHYS_PAGES)) *
                static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  if (auto limit = cgroupRemaining())
    available = std::min(available, *limit);
  return available;
}

std::string formatBytes(double bytes) {
  static const char *const units[] = {"B",   "KiB", "MiB", "GiB",
                                      "TiB", "PiB", "EiB"};
  int unit = 0;
  while (bytes >= 1024 && unit < 6) {
    bytes /= 1024;
    ++unit;
  }
  char text[32];
  if (bytes == std::floor(bytes))
    std::snprintf(text, sizeof text, "%.0f %s", bytes, units[unit]);
  else
    std::snprintf(text, sizeof text, "%.1f %s", bytes, units[unit]);
  return text;
}

} // namespace cotangent::runtime
