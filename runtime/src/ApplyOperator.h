//===- ApplyOperator.h - A gate operator on a state vector ----------------===//
//
// Dispatches each GateOperator form to its kernel of StateVector.h. The
// device applies gates through it, and the adjoint method applies inverse
// gates to its two states through it.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_APPLYOPERATOR_H
#define COTANGENT_RUNTIME_APPLYOPERATOR_H

#include "Device.h"
#include "GateMatrices.h"

#include <complex>
#include <cstdint>

namespace cotangent::runtime {

/// The bit mask of `count` wires.
uint64_t wireMask(const int64_t *wires, int64_t count);

/// Applies `op` to `wires` of the 2^numQubits amplitudes at `state`.
void applyOperator(std::complex<double> *state, int numQubits,
                   const GateOperator &op, Wires wires);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_APPLYOPERATOR_H
