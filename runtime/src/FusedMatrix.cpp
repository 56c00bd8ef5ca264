//===- FusedMatrix.cpp ----------------------------------------------------===//
//
// The gates act on all columns of the matrix at once: the columns side by
// side form one state of 2 numQubits qubits (column index in the high bits,
// row index in the low ones), to which each gate is applied on the row bits
// with the simulator's own kernels.
//
//===----------------------------------------------------------------------===//

#include "FusedMatrix.h"

#include "ApplyOperator.h"
#include "GateMatrices.h"

namespace cotangent::runtime {

std::vector<std::complex<double>>
fusedMatrix(const std::vector<FusedGate> &gates, const double *params,
            int numQubits) {
  const size_t dim = size_t(1) << numQubits;
  std::vector<std::complex<double>> columns(dim * dim);
  for (size_t c = 0; c < dim; ++c)
    columns[c * dim + c] = 1.0;
  std::vector<int64_t> bits;
  for (const FusedGate &gate : gates) {
    bits.clear();
    for (int64_t slot : gate.slots)
      bits.push_back(numQubits - 1 - slot);
    applyOperator(
        columns.data(), 2 * numQubits,
        gateOperator(gate.kind, params + gate.firstParam, gate.adjoint),
        {bits.data(), static_cast<int64_t>(bits.size())});
  }
  std::vector<std::complex<double>> matrix(dim * dim);
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c)
      matrix[r * dim + c] = columns[c * dim + r];
  return matrix;
}

} // namespace cotangent::runtime
