/*===- LibraryABI.h - the C interface of ahead-of-time libraries -*- C -*-===*
 *
 * Every exported function of a library made by `cot compile` returns one of
 * these codes; on failure, cot_last_error() gives the message (per thread,
 * until the thread's next failing call). The generated header includes this
 * file.
 *
 *===----------------------------------------------------------------------===*/
#ifndef COTANGENT_API_LIBRARYABI_H
#define COTANGENT_API_LIBRARYABI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  COT_OK = 0,
  /** A declared callback is not registered (cotangent::processCallbacks),
   * or with another signature; nothing ran. */
  COT_UNBOUND = 1,
  /** The call ended with a run-time error (the message says where). */
  COT_RUNTIME_ERROR = 3,
};

/** The message of this thread's last failed call. */
const char *cot_last_error(void);

/** What a library tells the runtime about itself (generated). */
typedef struct CotLibrary {
  const char *source;  /* the program's file name */
  size_t numCallbacks; /* declared callbacks, by id */
  const char *const *callbackNames;
  const char *const *callbackSignatures; /* "(f64, f64) -> f64" */
  void *binding;                         /* set on the first call */
} CotLibrary;

/** Runs entry(buffers) under the runtime, binding the library first.
 * buffers: the descriptors of the arguments, then of the results; bytes:
 * the size of each one's data (an argument sharing a result's memory is
 * read from a copy). */
int __cot_library_call(void (*entry)(void **), void **buffers,
                       const size_t *bytes, size_t numArguments,
                       size_t numBuffers, CotLibrary *library);

#ifdef __cplusplus
}
#endif

#endif
