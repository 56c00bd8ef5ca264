/*===- MemRefCopy.h - copies between strided buffers ---------------*- C -*-===*
 *
 * MLIR lowers a memref.copy between buffers that are not both contiguous to
 * a call of `memrefCopy` (the name is fixed by MLIR's LLVM lowering); the
 * runtime provides it so compiled code needs no other library.
 *
 *===----------------------------------------------------------------------===*/
#ifndef COTANGENT_RUNTIME_MEMREFCOPY_H
#define COTANGENT_RUNTIME_MEMREFCOPY_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An unranked buffer as MLIR passes it: the rank and a pointer to the
 * ranked descriptor {allocated, aligned, offset, sizes[rank], strides[rank]}.
 */
typedef struct CotUnrankedMemRef {
  int64_t rank;
  void *descriptor;
} CotUnrankedMemRef;

void memrefCopy(int64_t elementSize, CotUnrankedMemRef *source,
                CotUnrankedMemRef *target);

#ifdef __cplusplus
}
#endif

#endif
