/*===- Residuals.h - the tape of one custom-gradient call ----------*- C -*-===*
 *
 * A custom gradient's forward function returns its residuals as a tape: an
 * opaque structure holding a copy of each residual buffer. The matching
 * reverse function reads them back and frees the tape. One tape per dynamic
 * call (see docs/calling-convention.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef COTANGENT_RUNTIME_RESIDUALS_H
#define COTANGENT_RUNTIME_RESIDUALS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A tape with room for `count` residual buffers. */
void *__cot_residuals_create(int64_t count);
void __cot_residuals_free(void *tape);

/* Residual buffers come as unranked memrefs (rank, pointer to the ranked
 * descriptor {allocated, aligned, offset, sizes, strides}) of contiguous
 * data, so buffer deallocation sees them used by the call. One pair of
 * functions per element type. put copies `bytes` bytes of the buffer into
 * residual `index`; get copies them back into the buffer. */
void __cot_residuals_put_f64(void *tape, int64_t index, int64_t rank,
                             void *descriptor, int64_t bytes);
void __cot_residuals_get_f64(const void *tape, int64_t index, int64_t rank,
                             void *descriptor, int64_t bytes);
void __cot_residuals_put_f32(void *tape, int64_t index, int64_t rank,
                             void *descriptor, int64_t bytes);
void __cot_residuals_get_f32(const void *tape, int64_t index, int64_t rank,
                             void *descriptor, int64_t bytes);

#ifdef __cplusplus
}
#endif

#endif
