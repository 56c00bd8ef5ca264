//===- TargetClones.h - Per-CPU versions of hot loops ---------------------===//
//
// COT_TARGET_CLONES compiles a function for AVX-512, AVX2+FMA and baseline
// x86-64, and picks the best version for the running CPU at load time (an
// ifunc), so the loops vectorise to the widest vectors available while the
// binary still runs on any x86-64 machine.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_TARGETCLONES_H
#define COTANGENT_RUNTIME_TARGETCLONES_H

#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define COT_TARGET_CLONES                                                      \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define COT_TARGET_CLONES
#endif

#endif // COTANGENT_RUNTIME_TARGETCLONES_H
