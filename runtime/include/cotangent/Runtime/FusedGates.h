//===- FusedGates.h - The descriptor of a block of fused gates -----------===//
//
// `quantum.fused_gates` (made by the compiler's fuse-gates pass) applies a
// run of gates on a few qubits as one matrix. Its `gates` attribute, passed
// as is to __cot_fused_gates, describes the run as a flat list of integers,
// per gate in the order they act:
//   kind, adjoint (0 or 1), n (its number of wires), then n slots,
// a slot being a position in the block's qubit list (first = most
// significant bit of the block's matrix). The parameters of all gates follow
// one another in a separate list, each gate taking as many as the gate table
// gives it. Header-only, so the compiler's verifier and the runtime read the
// descriptor the same way.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_FUSEDGATES_H
#define COTANGENT_RUNTIME_FUSEDGATES_H

#include "cotangent/Runtime/GateKind.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cotangent::runtime {

/// One gate of a block, as read from a descriptor.
struct FusedGate {
  GateKind kind;
  bool adjoint;
  std::vector<int64_t> slots; ///< Positions in the block's qubit list.
  int64_t firstParam;         ///< Its parameters' offset in the block's list.
};

/// Reads `descriptor` for a block of `numQubits` qubits into `gates`; the
/// parameters they take are counted into `numParams`. Returns "" or what is
/// wrong with the descriptor.
inline std::string decodeFusedGates(const int64_t *descriptor, int64_t length,
                                    int64_t numQubits,
                                    std::vector<FusedGate> &gates,
                                    int64_t &numParams) {
  gates.clear();
  numParams = 0;
  for (int64_t i = 0; i < length;) {
    const std::string which = "gate " + std::to_string(gates.size()) + ": ";
    if (length - i < 3)
      return which + "the descriptor ends inside it";
    if (!isGateKind(descriptor[i]))
      return which + "unknown gate kind " + std::to_string(descriptor[i]);
    FusedGate gate;
    gate.kind = static_cast<GateKind>(descriptor[i]);
    const GateInfo &info = gateInfo(gate.kind);
    if (descriptor[i + 1] != 0 && descriptor[i + 1] != 1)
      return which + "the adjoint flag must be 0 or 1";
    gate.adjoint = descriptor[i + 1] == 1;
    const int64_t numWires = descriptor[i + 2];
    if (info.numWires == 0 ? numWires < 1 : numWires != info.numWires)
      return which + info.name + " cannot act on " + std::to_string(numWires) +
             " wire(s)";
    if (numWires > length - i - 3)
      return which + "the descriptor ends inside it";
    for (int64_t w = 0; w < numWires; ++w) {
      const int64_t slot = descriptor[i + 3 + w];
      if (slot < 0 || slot >= numQubits)
        return which + "slot " + std::to_string(slot) + " is not one of the " +
               std::to_string(numQubits) + " qubits of the block";
      for (int64_t earlier : gate.slots)
        if (earlier == slot)
          return which + "slot " + std::to_string(slot) + " is listed twice";
      gate.slots.push_back(slot);
    }
    gate.firstParam = numParams;
    numParams += info.numParams;
    gates.push_back(std::move(gate));
    i += 3 + numWires;
  }
  return "";
}

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_FUSEDGATES_H
