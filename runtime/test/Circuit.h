//===- Circuit.h - Straight-line test programs run through the C ABI -----===//
//
// Stands in for compiled code: a plain function, used as the PackedFunction
// of invoke, that allocates one register and calls the __cot_* entry points
// step by step, the way a compiled circuit would.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_TEST_CIRCUIT_H
#define COTANGENT_RUNTIME_TEST_CIRCUIT_H

#include "Reference.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct Step {
  enum class Kind { Gate, Unitary, Measure };
  Kind kind;
  cotangent::runtime::GateKind gate = cotangent::runtime::GateKind::Identity;
  bool adjoint = false;
  std::vector<double> values; ///< Gate parameters, or an interleaved matrix.
  std::vector<int> wires;     ///< Indices into the register.
};

struct Circuit {
  int numQubits;
  std::vector<Step> steps;
  // Filled by run:
  std::vector<int> outcomes = {}; ///< Of the Measure steps, in order.
  reference::Vector state =
      {}; ///< Qubit 0 of the register is the most significant bit.
};

/// Runs the circuit in a fresh execution context; the error message if any.
std::optional<std::string> run(Circuit &circuit, uint64_t seed = 1);

Step gateStep(cotangent::runtime::GateKind gate, std::vector<double> params,
              std::vector<int> wires, bool adjoint = false);
Step unitaryStep(const reference::Matrix &matrix, std::vector<int> wires,
                 bool adjoint = false);
Step measureStep(int wire);
/// A unitary on all numQubits wires that turns |0...0> into `state`.
Step prepareStep(const reference::Vector &state, int numQubits,
                 std::mt19937_64 &rng);

#endif // COTANGENT_RUNTIME_TEST_CIRCUIT_H
