//===- AdjointMethod.h - Vector-Jacobian products of recorded circuits ----===//
//
// The adjoint method in VJP form. While a circuit runs for a gradient, the
// execution context records its operations and the cotangent of each of its
// measurements; the cotangents fold into one Hermitian operator
//   A = sum over expval(O) of c O + over var(O) of c (O^2 - 2<O> O)
//       + over probs(W) of sum_k c_k |k><k|_W,
// so that one backward sweep gives d<psi|A|psi>/d(every gate parameter),
// which is the vector-Jacobian product of the measurements. The sweep keeps
// two state vectors: the state, undone gate by gate, and lambda = A psi,
// undone alongside (a variance of a many-term observable needs one more
// while A psi is formed).
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_ADJOINTMETHOD_H
#define COTANGENT_RUNTIME_ADJOINTMETHOD_H

#include "Observables.h"
#include "cotangent/Runtime/GateKind.h"

#include <array>
#include <complex>
#include <cstdint>
#include <vector>

namespace cotangent::runtime {

/// One applied gate or unitary, on device wires. Composite gates (Rot, CRot)
/// are recorded as their three one-parameter factors.
struct RecordedOperation {
  GateKind kind = GateKind::Identity;
  bool adjoint = false;
  double param = 0;        ///< The parameter of a one-parameter gate.
  int64_t paramIndex = -1; ///< Its position in the circuit's parameter list.
  std::vector<std::complex<double>> matrix; ///< Non-empty: a unitary.
  std::vector<int64_t> wires;
};

/// The cotangent a measurement received.
struct MeasurementCotangent {
  enum class Kind { Expval, Var, Probs };
  Kind kind;
  Observable observable;       ///< Expval, Var.
  double weight = 0;           ///< Expval, Var.
  std::vector<int64_t> wires;  ///< Probs (first = most significant bit).
  std::vector<double> weights; ///< Probs: one per outcome.
};

struct CircuitRecording {
  std::vector<RecordedOperation> operations;
  std::vector<MeasurementCotangent> cotangents;
  int64_t numParams = 0;
};

/// Writes d<psi|A|psi>/dparam into paramCotangents[0, numParams) for the
/// recorded circuit whose final state is `state`; `state` is undone in place
/// (it ends as the circuit's initial state).
void adjointVectorJacobianProduct(std::complex<double> *state, int numQubits,
                                  const CircuitRecording &recording,
                                  double *paramCotangents);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_ADJOINTMETHOD_H
