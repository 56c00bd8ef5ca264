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
/* Frees a tape and its copies; a null tape is fine. */
void __cot_residuals_free(void *tape);

/* put copies `bytes` bytes from `data` (a contiguous buffer) into residual
 * `index`; get copies them back into `data`. */
void __cot_residuals_put(void *tape, int64_t index, const void *data,
                         int64_t bytes);
void __cot_residuals_get(const void *tape, int64_t index, void *data,
                         int64_t bytes);

#ifdef __cplusplus
}
#endif

#endif
