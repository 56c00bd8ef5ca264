/*===- CApi.h - Entry points called by compiled code -------------*- C -*-===//
 *
 * Every function acts on the calling thread's current execution context (set
 * up by cotangent::runtime::invoke). `where` is a NUL-terminated source
 * location such as "prog.mlir:7:9" (or NULL) that prefixes every error message
 * the call raises. On an error the call does not return: the run ends and
 * invoke returns the message. Without a current context every call does
 * nothing and returns 0.
 *
 * Handles (registers, qubits, observables) are opaque int64_t values. Qubit
 * lists are ordered: in matrices and in the outputs of probs and state the
 * first listed qubit is the most significant bit.
 *
 *===----------------------------------------------------------------------===*/

#ifndef COTANGENT_RUNTIME_CAPI_H
#define COTANGENT_RUNTIME_CAPI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Adds numQubits qubits in |0> to the device; returns a register handle. */
int64_t __cot_alloc(int64_t numQubits, const char *where);
/* Ends the use of a register and its qubits. */
void __cot_dealloc(int64_t reg, const char *where);
/* Returns the qubit handle at `index` of the register. */
int64_t __cot_extract(int64_t reg, int64_t index, const char *where);
/* Puts `qubit` at `index` of the register; returns the register handle. */
int64_t __cot_insert(int64_t reg, int64_t index, int64_t qubit,
                     const char *where);

/* gateKind: position in Gates.def; params: the gate's parameters in order;
 * adjoint != 0 applies the conjugate transpose. */
void __cot_gate(int64_t gateKind, int64_t adjoint, const double *params,
                const int64_t *qubits, int64_t numQubits, const char *where);
/* matrix: row-major 2^n x 2^n complex, interleaved (re, im); must be unitary.
 */
void __cot_unitary(const double *matrix, int64_t adjoint, const int64_t *qubits,
                   int64_t numQubits, const char *where);

/* A block of gates applied as one matrix (quantum.fused_gates); descriptor
 * and params as FusedGates.h describes them; gateWhere: each gate's source
 * location, where an error of that gate is reported. */
void __cot_fused_gates(const int64_t *descriptor, int64_t length,
                       const double *params, const int64_t *qubits,
                       int64_t numQubits, const char *const *gateWhere,
                       const char *where);

/* namedObs: position in NamedObservables.def. All return observable handles. */
int64_t __cot_named_obs(int64_t namedObs, int64_t qubit, const char *where);
int64_t __cot_tensor_obs(const int64_t *observables, int64_t count,
                         const char *where);
int64_t __cot_hamiltonian_obs(const double *coeffs, const int64_t *observables,
                              int64_t count, const char *where);

double __cot_expval(int64_t obs, const char *where);
double __cot_var(int64_t obs, const char *where);
/* out: 2^numQubits probabilities. */
void __cot_probs(const int64_t *qubits, int64_t numQubits, double *out,
                 const char *where);
/* out: 2^numQubits interleaved complex amplitudes; the qubits must be exactly
 * the live qubits of the device. */
void __cot_state(const int64_t *qubits, int64_t numQubits, double *out,
                 const char *where);
/* Computational-basis measurement with the run's seeded generator; collapses
 * the state and returns 0 or 1. */
int8_t __cot_measure(int64_t qubit, const char *where);

/* The adjoint method, as compiled gradient code uses it: begin recording
 * the gates and measurements from now on; after the circuit's last
 * measurement, keep the recording and the final state under the returned
 * handle; later, given the cotangents of the recorded measurements in order
 * (one per expval or var, one per outcome of probs), write the
 * vector-Jacobian product, one entry per recorded gate parameter in the
 * order the gates were applied, and release the handle. */
void __cot_adjoint_begin(const char *where);
int64_t __cot_adjoint_stash(const char *where);
void __cot_adjoint_resume(int64_t stash, const double *weights,
                          int64_t numWeights, double *paramCotangents,
                          int64_t numParams, const char *where);

/* Ends the run with an error of integer arithmetic, which compiled code
 * checks for before the operation: 0 division by zero, 1 remainder by zero,
 * 2 a signed division or remainder of the smallest value by -1. */
void __cot_arithmetic_error(int64_t kind, const char *where);
/* An index outside dimension `dimension` (of extent `size`) of a buffer. */
void __cot_index_error(int64_t index, int64_t dimension, int64_t size,
                       const char *where);
/* A buffer allocation with a negative `extent` in dimension `dimension`, or
 * (dimension -1) whose size in bytes, at the dynamic extent `extent`, passes
 * 2^63. */
void __cot_buffer_size_error(int64_t dimension, int64_t extent,
                             const char *where);
/* A slice of `size` elements from `offset` with `stride` that runs outside
 * dimension `dimension` (of extent `extent`) of a buffer, or has a negative
 * size. */
void __cot_slice_error(int64_t offset, int64_t size, int64_t stride,
                       int64_t dimension, int64_t extent, const char *where);

/* Called on entry to every function that can call itself (directly or
 * through others), named `function`: ends the run if the calling thread's
 * stack is nearly used up. */
void __cot_stack_check(const char *function, const char *where);

/* Calls the host function bound to callback `id` of the running program.
 * invocation: 0 primal, 1 forward, 2 reverse (HostCallbacks.h says what each
 * passes); buffers: the data pointers of its numArgs operand and numResults
 * result buffers, contiguous, scalars in one-element buffers. */
void __cot_callback(int64_t id, int64_t invocation, int64_t numArgs,
                    int64_t numResults, void *const *buffers,
                    const char *where);
/* Prints a value (callback.print) through the run's printer; element: a
 * cotangent::runtime::HostElement, shape: `rank` extents. */
void __cot_print(int64_t element, const void *data, const int64_t *shape,
                 int64_t rank, const char *where);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* COTANGENT_RUNTIME_CAPI_H */
