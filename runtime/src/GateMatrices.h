//===- GateMatrices.h - Gates as operators the kernels can apply ---------===//
//
// Turns a gate kind and its parameters (or a user matrix) into the cheapest
// of four operator forms, each matching one kernel of StateVector.h. The
// matrices follow PennyLane's conventions; in a k-wire matrix the first wire
// is the most significant bit.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_GATEMATRICES_H
#define COTANGENT_RUNTIME_GATEMATRICES_H

#include "StateVector.h"
#include "cotangent/Runtime/GateKind.h"

#include <array>
#include <complex>
#include <vector>

namespace cotangent::runtime {

struct GateOperator {
  enum class Form {
    /// Where the first numControls wires are 1: multiply by phases[0] or
    /// phases[1] by the parity of the remaining wires.
    Diagonal,
    /// Where the first numControls wires are 1: the 2x2 `target` matrix on the
    /// last wire.
    Controlled,
    /// Where the first numControls wires are 1: the 2^k x 2^k `dense`
    /// matrix on the remaining k wires.
    Dense,
    /// Each of `pairs`: a 2x2 matrix on two basis states of the wires, the
    /// identity on the others: SWAP, CSWAP and the excitation gates (one
    /// pair), IsingXX and IsingYY (|00>,|11> and |01>,|10>).
    Pairs,
  };
  Form form;
  int numControls = 0;
  std::array<std::complex<double>, 2> phases{};
  std::array<std::complex<double>, 4> target{}; ///< Row-major.
  std::vector<kernels::StatePair> pairs;
  std::vector<std::complex<double>> dense; ///< Row-major.
};

/// The operator of `kind` with its parameters at `params`; `adjoint` gives the
/// conjugate transpose. MultiRZ's parity runs over however many wires it gets.
GateOperator gateOperator(GateKind kind, const double *params, bool adjoint);

/// The operator of a row-major 2^numWires x 2^numWires `matrix`.
GateOperator matrixOperator(const std::complex<double> *matrix, int numWires,
                            bool adjoint);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_GATEMATRICES_H
