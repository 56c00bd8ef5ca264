//===- ApplyOperator.cpp --------------------------------------------------===//

#include "ApplyOperator.h"

#include "StateVector.h"

namespace cotangent::runtime {

uint64_t wireMask(const int64_t *wires, int64_t count) {
  uint64_t mask = 0;
  for (int64_t i = 0; i < count; ++i)
    mask |= uint64_t(1) << wires[i];
  return mask;
}

void applyOperator(std::complex<double> *state, int numQubits,
                   const GateOperator &op, Wires wires) {
  const uint64_t controls = wireMask(wires.data, op.numControls);
  const int last = static_cast<int>(wires[wires.size - 1]);
  switch (op.form) {
  case GateOperator::Form::Diagonal:
    kernels::applyPhases(
        state, numQubits, controls,
        wireMask(wires.data + op.numControls, wires.size - op.numControls),
        op.phases[0], op.phases[1]);
    break;
  case GateOperator::Form::Controlled:
    kernels::applyControlled(state, numQubits, last, controls,
                             op.target.data());
    break;
  case GateOperator::Form::Pairs:
    kernels::applyPairs(state, numQubits, wires.data,
                        static_cast<int>(wires.size), op.pairs.data(),
                        static_cast<int>(op.pairs.size()));
    break;
  case GateOperator::Form::Dense:
    if (wires.size - op.numControls == 1) // a 2x2 has a cheaper kernel
      kernels::applyControlled(state, numQubits, last, controls,
                               op.dense.data());
    else
      kernels::applyDense(
          state, numQubits, controls, wires.data + op.numControls,
          static_cast<int>(wires.size - op.numControls), op.dense.data());
    break;
  }
}

} // namespace cotangent::runtime
