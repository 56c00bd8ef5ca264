//===- FusedMatrix.h - The matrix of a block of fused gates --------------===//

#ifndef COTANGENT_RUNTIME_FUSEDMATRIX_H
#define COTANGENT_RUNTIME_FUSEDMATRIX_H

#include "cotangent/Runtime/FusedGates.h"

#include <complex>
#include <vector>

namespace cotangent::runtime {

/// The row-major 2^numQubits x 2^numQubits matrix of `gates` applied in order
/// to a block of numQubits qubits (slot 0 = most significant bit), with the
/// block's parameters at `params`.
std::vector<std::complex<double>>
fusedMatrix(const std::vector<FusedGate> &gates, const double *params,
            int numQubits);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_FUSEDMATRIX_H
