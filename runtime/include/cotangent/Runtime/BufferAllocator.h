/*===- BufferAllocator.h - allocation of compiled code's buffers ---*- C -*-===*
 *
 * Compiled code allocates its buffers (memref.alloc) through these: the JIT
 * binds MLIR's generic allocation functions to them. Freed large
 * blocks are kept per thread and handed out again for the same size, so a
 * program called again and again does not map and fault in fresh pages for
 * its shadows and temporaries on every call.
 *
 *===----------------------------------------------------------------------===*/
#ifndef COTANGENT_RUNTIME_BUFFERALLOCATOR_H
#define COTANGENT_RUNTIME_BUFFERALLOCATOR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

void *__cot_buffer_alloc(size_t bytes);
void __cot_buffer_free(void *buffer);
/* The source location of this thread's next __cot_buffer_alloc, which its
 * out-of-memory error names; every allocation forgets it. Compiled code
 * sets it before its large and dynamically sized buffers. */
void __cot_allocation_site(const char *where);

#ifdef __cplusplus
}
#endif

#endif
