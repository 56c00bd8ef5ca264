//===- CApi.cpp - Entry points called by compiled code --------------------===//
//
// Each entry point forwards to the current ExecutionContext through
// guardEntry (see EntryGuard.h), whose lambdas capture by reference only, so
// that an error's longjmp skips no destructor.
//
//===----------------------------------------------------------------------===//

#include "cotangent/Runtime/CApi.h"

#include "EntryGuard.h"
#include "RuntimeError.h"

using cotangent::runtime::ExecutionContext;
using cotangent::runtime::guardEntry;

extern "C" {

int64_t __cot_alloc(int64_t numQubits, const char *where) {
  return guardEntry(where,
                    [&](ExecutionContext &c) { return c.allocate(numQubits); });
}

void __cot_dealloc(int64_t reg, const char *where) {
  guardEntry(where, [&](ExecutionContext &c) { c.deallocate(reg); });
}

int64_t __cot_extract(int64_t reg, int64_t index, const char *where) {
  return guardEntry(where,
                    [&](ExecutionContext &c) { return c.extract(reg, index); });
}

int64_t __cot_insert(int64_t reg, int64_t index, int64_t qubit,
                     const char *where) {
  return guardEntry(
      where, [&](ExecutionContext &c) { return c.insert(reg, index, qubit); });
}

void __cot_gate(int64_t gateKind, int64_t adjoint, const double *params,
                const int64_t *qubits, int64_t numQubits, const char *where) {
  guardEntry(where, [&](ExecutionContext &c) {
    c.gate(gateKind, adjoint != 0, params, qubits, numQubits);
  });
}

void __cot_unitary(const double *matrix, int64_t adjoint, const int64_t *qubits,
                   int64_t numQubits, const char *where) {
  guardEntry(where, [&](ExecutionContext &c) {
    c.unitary(matrix, adjoint != 0, qubits, numQubits);
  });
}

void __cot_fused_gates(const int64_t *descriptor, int64_t length,
                       const double *params, const int64_t *qubits,
                       int64_t numQubits, const char *const *gateWhere,
                       const char *where) {
  guardEntry(where, [&](ExecutionContext &c) {
    c.fusedGates(descriptor, length, params, qubits, numQubits, gateWhere);
  });
}

int64_t __cot_named_obs(int64_t namedObs, int64_t qubit, const char *where) {
  return guardEntry(where, [&](ExecutionContext &c) {
    return c.namedObservable(namedObs, qubit);
  });
}

int64_t __cot_tensor_obs(const int64_t *observables, int64_t count,
                         const char *where) {
  return guardEntry(where, [&](ExecutionContext &c) {
    return c.tensorObservable(observables, count);
  });
}

int64_t __cot_hamiltonian_obs(const double *coeffs, const int64_t *observables,
                              int64_t count, const char *where) {
  return guardEntry(where, [&](ExecutionContext &c) {
    return c.hamiltonianObservable(coeffs, observables, count);
  });
}

double __cot_expval(int64_t obs, const char *where) {
  return guardEntry(where, [&](ExecutionContext &c) { return c.expval(obs); });
}

double __cot_var(int64_t obs, const char *where) {
  return guardEntry(where, [&](ExecutionContext &c) { return c.var(obs); });
}

void __cot_probs(const int64_t *qubits, int64_t numQubits, double *out,
                 const char *where) {
  guardEntry(where,
             [&](ExecutionContext &c) { c.probs(qubits, numQubits, out); });
}

void __cot_state(const int64_t *qubits, int64_t numQubits, double *out,
                 const char *where) {
  guardEntry(where,
             [&](ExecutionContext &c) { c.state(qubits, numQubits, out); });
}

int8_t __cot_measure(int64_t qubit, const char *where) {
  return guardEntry(where, [&](ExecutionContext &c) {
    return static_cast<int8_t>(c.measure(qubit));
  });
}

void __cot_adjoint_begin(const char *where) {
  guardEntry(where, [&](ExecutionContext &c) { c.beginRecording(); });
}

int64_t __cot_adjoint_stash(const char *where) {
  return guardEntry(where,
                    [&](ExecutionContext &c) { return c.stashRecording(); });
}

void __cot_adjoint_resume(int64_t stash, const double *weights,
                          int64_t numWeights, double *paramCotangents,
                          int64_t numParams, const char *where) {
  guardEntry(where, [&](ExecutionContext &c) {
    c.resumeGradient(stash, weights, numWeights, paramCotangents, numParams);
  });
}

void __cot_arithmetic_error(int64_t kind, const char *where) {
  guardEntry(where, [&](ExecutionContext &) {
    switch (kind) {
    case 0:
      throw cotangent::runtime::RuntimeError("integer division by zero");
    case 1:
      throw cotangent::runtime::RuntimeError("integer remainder by zero");
    default:
      throw cotangent::runtime::RuntimeError(
          "integer overflow: the smallest value divided by -1");
    }
  });
}

void __cot_index_error(int64_t index, int64_t dimension, int64_t size,
                       const char *where) {
  guardEntry(where, [&](ExecutionContext &) {
    throw cotangent::runtime::RuntimeError(
        "index " + std::to_string(index) + " is out of range for dimension " +
        std::to_string(dimension) + " of size " + std::to_string(size));
  });
}

void __cot_buffer_size_error(int64_t dimension, int64_t extent,
                             const char *where) {
  guardEntry(where, [&](ExecutionContext &) {
    if (dimension >= 0)
      throw cotangent::runtime::RuntimeError(
          "a buffer cannot have the negative extent " + std::to_string(extent) +
          " in dimension " + std::to_string(dimension));
    throw cotangent::runtime::RuntimeError("a buffer with the extent " +
                                           std::to_string(extent) +
                                           " needs more than 2^63 bytes");
  });
}

void __cot_slice_error(int64_t offset, int64_t size, int64_t stride,
                       int64_t dimension, int64_t extent, const char *where) {
  guardEntry(where, [&](ExecutionContext &) {
    throw cotangent::runtime::RuntimeError(
        "slice of " + std::to_string(size) + " elements from offset " +
        std::to_string(offset) + " with stride " + std::to_string(stride) +
        " runs outside dimension " + std::to_string(dimension) + " of size " +
        std::to_string(extent));
  });
}

void __cot_stack_check(const char *function, const char *where) {
  // The fast path is one comparison, without guardEntry's exception frame.
  const ExecutionContext *context = ExecutionContext::current();
  if (!context || reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) >=
                      context->recursionLimit())
    return;
  guardEntry(where, [&](ExecutionContext &c) { c.recursionTooDeep(function); });
}

void __cot_callback(int64_t id, int64_t invocation, int64_t numArgs,
                    int64_t numResults, void *const *buffers,
                    const char *where) {
  guardEntry(where, [&](ExecutionContext &context) {
    context.hostCalls().call(
        id, static_cast<cotangent::runtime::Invocation>(invocation), numArgs,
        numResults, buffers);
  });
}

void __cot_print(int64_t element, const void *data, const int64_t *shape,
                 int64_t rank, const char *where) {
  guardEntry(where, [&](ExecutionContext &context) {
    context.hostCalls().print(
        static_cast<cotangent::runtime::HostElement>(element), data, shape,
        rank);
  });
}

} // extern "C"
