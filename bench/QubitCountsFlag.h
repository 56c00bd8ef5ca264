//===- QubitCountsFlag.h - The --qubits=a,b,... flag of the benchmarks ---===//

#ifndef COTANGENT_BENCH_QUBITCOUNTSFLAG_H
#define COTANGENT_BENCH_QUBITCOUNTSFLAG_H

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

/// The qubit counts of --qubits=a,b,... (removed from argv, so Google
/// Benchmark does not see it), or `fallback`.
inline std::vector<int> qubitCountsFlag(int &argc, char **argv,
                                        std::vector<int> fallback) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--qubits=", 9) != 0)
      continue;
    std::vector<int> counts;
    for (const char *p = argv[i] + 9; *p;) {
      char *end = nullptr;
      counts.push_back(static_cast<int>(std::strtol(p, &end, 10)));
      p = *end == ',' ? end + 1 : end;
    }
    std::copy(argv + i + 1, argv + argc, argv + i);
    --argc;
    return counts;
  }
  return fallback;
}

#endif // COTANGENT_BENCH_QUBITCOUNTSFLAG_H
