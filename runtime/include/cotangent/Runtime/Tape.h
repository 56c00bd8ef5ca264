/*===- Tape.h - the stack that carries values from forward to reverse ----===*
 *
 * Derivative code saves the values its reverse sweep needs on this stack of
 * 8-byte slots and takes them back in reverse order. Compiled code reads and
 * writes the struct directly (the layout is part of the ABI) and calls the
 * runtime only to grow the buffer. Each run has its own tape.
 *
 *===----------------------------------------------------------------------===*/
#ifndef COTANGENT_RUNTIME_TAPE_H
#define COTANGENT_RUNTIME_TAPE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CotTape {
  char *data;
  int64_t size;     /* bytes in use */
  int64_t capacity; /* bytes allocated */
  int64_t peak;     /* largest size reached in this run */
} CotTape;

/* The tape of the run in progress on this thread. */
CotTape *__cot_tape(void);
/* Grows the tape to hold at least `needed` bytes (ends the run if memory
 * runs out). */
void __cot_tape_grow(CotTape *tape, int64_t needed);

#ifdef __cplusplus
}
#endif

#endif
