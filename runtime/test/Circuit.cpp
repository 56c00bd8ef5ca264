//===- Circuit.cpp --------------------------------------------------------===//

#include "Circuit.h"

#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"

#include <numeric>

namespace {

constexpr int kMaxQubits = 16;
constexpr const char *kWhere = "circuit";

/// The PackedFunction: args[0] is the Circuit. Like compiled code, it holds no
/// object with a destructor while it calls the runtime, which may end the run
/// with a longjmp.
void runCircuit(void **args) {
  Circuit &circuit = *static_cast<Circuit *>(args[0]);
  const int64_t reg = __cot_alloc(circuit.numQubits, kWhere);
  int64_t qubits[kMaxQubits];
  for (int i = 0; i < circuit.numQubits; ++i)
    qubits[i] = __cot_extract(reg, i, kWhere);
  for (const Step &step : circuit.steps) {
    int64_t wires[kMaxQubits];
    const int64_t numWires = static_cast<int64_t>(step.wires.size());
    for (int64_t j = 0; j < numWires; ++j)
      wires[j] = qubits[step.wires[j]];
    switch (step.kind) {
    case Step::Kind::Gate:
      __cot_gate(static_cast<int64_t>(step.gate), step.adjoint,
                 step.values.data(), wires, numWires, kWhere);
      break;
    case Step::Kind::Unitary:
      __cot_unitary(step.values.data(), step.adjoint, wires, numWires, kWhere);
      break;
    case Step::Kind::Measure:
      circuit.outcomes.push_back(__cot_measure(wires[0], kWhere));
      break;
    }
  }
  circuit.state.assign(std::size_t(1) << circuit.numQubits, 0.0);
  __cot_state(qubits, circuit.numQubits,
              reinterpret_cast<double *>(circuit.state.data()), kWhere);
  __cot_dealloc(reg, kWhere);
}

} // namespace

std::optional<std::string> run(Circuit &circuit, uint64_t seed) {
  void *args[] = {&circuit};
  return cotangent::runtime::invoke(runCircuit, args, {seed});
}

Step gateStep(cotangent::runtime::GateKind gate, std::vector<double> params,
              std::vector<int> wires, bool adjoint) {
  return {Step::Kind::Gate, gate, adjoint, std::move(params), std::move(wires)};
}

Step unitaryStep(const reference::Matrix &matrix, std::vector<int> wires,
                 bool adjoint) {
  return {Step::Kind::Unitary,
          {},
          adjoint,
          reference::interleave(matrix.data),
          std::move(wires)};
}

Step measureStep(int wire) {
  return {Step::Kind::Measure, {}, false, {}, {wire}};
}

Step prepareStep(const reference::Vector &state, int numQubits,
                 std::mt19937_64 &rng) {
  std::vector<int> all(numQubits);
  std::iota(all.begin(), all.end(), 0);
  return unitaryStep(reference::unitaryWithFirstColumn(state, rng), all);
}
