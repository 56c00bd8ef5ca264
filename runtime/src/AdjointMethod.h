//===- AdjointMethod.h - Vector-Jacobian products of recorded circuits ----===//
//
// The adjoint method in VJP form. While a circuit runs for a gradient, the
// execution context records its operations and its measurements; the
// circuit's final state is kept (or, when it does not fit in memory, rebuilt
// later from the recording). When the measurements' cotangents arrive, they
// fold into one Hermitian operator
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

/// A measurement of the recorded circuit and, once given, its cotangent.
struct MeasurementCotangent {
  enum class Kind { Expval, Var, Probs };
  Kind kind;
  Observable observable;       ///< Expval, Var.
  double weight = 0;           ///< Expval, Var.
  std::vector<int64_t> wires;  ///< Probs (first = most significant bit).
  std::vector<double> weights; ///< Probs: one per outcome.

  /// How many cotangent values it takes: 1, or 2^wires for probs.
  int64_t numWeights() const {
    return kind == Kind::Probs ? int64_t(1) << wires.size() : 1;
  }
};

struct CircuitRecording {
  std::vector<RecordedOperation> operations;
  std::vector<MeasurementCotangent> cotangents;
  int64_t numParams = 0;
  /// The device had no qubits when the recording began, so replaying the
  /// operations from |0...0> rebuilds the final state.
  bool replayable = false;
};

/// Applies the recorded operations to `state`, in order.
void replayRecording(std::complex<double> *state, int numQubits,
                     const CircuitRecording &recording);

/// Writes d<psi|A|psi>/dparam into paramCotangents[0, numParams) for the
/// recorded circuit whose final state is `state`; `state` is undone in place
/// (it ends as the circuit's initial state).
void adjointVectorJacobianProduct(std::complex<double> *state, int numQubits,
                                  const CircuitRecording &recording,
                                  double *paramCotangents);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_ADJOINTMETHOD_H
