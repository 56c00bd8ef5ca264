//===- GateKind.h - Gate kinds, their arities and gradient data -----------===//
//
// Header-only, so the compiler can map gate names to the runtime's integer
// codes without linking the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_GATEKIND_H
#define COTANGENT_RUNTIME_GATEKIND_H

#include "cotangent/Runtime/GateGradients.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

namespace cotangent::runtime {

/// The value of a kind is its position in Gates.def; it is passed as is
/// through the C ABI (__cot_gate).
enum class GateKind : int64_t {
#define COT_GATE(Name, NumParams, NumWires, Generator, ShiftRule) Name,
#include "cotangent/Runtime/Gates.def"
};

struct GateInfo {
  const char *name;
  int numParams;
  int numWires; ///< 0: any number >= 1.
  Generator generator;
  ShiftRule shiftRule;
};

inline constexpr GateInfo kGateInfos[] = {
#define COT_GATE(Name, NumParams, NumWires, Generator, ShiftRule)              \
  {#Name, NumParams, NumWires, Generator, ShiftRule},
#include "cotangent/Runtime/Gates.def"
};

inline constexpr int64_t kNumGateKinds =
    static_cast<int64_t>(std::size(kGateInfos));

/// True if `code` names a gate (codes arrive unchecked through the C ABI).
constexpr bool isGateKind(int64_t code) {
  return code >= 0 && code < kNumGateKinds;
}

constexpr const GateInfo &gateInfo(GateKind kind) {
  return kGateInfos[static_cast<std::size_t>(kind)];
}

constexpr std::optional<GateKind> gateByName(std::string_view name) {
  for (int64_t code = 0; code < kNumGateKinds; ++code)
    if (name == kGateInfos[code].name)
      return static_cast<GateKind>(code);
  return std::nullopt;
}

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_GATEKIND_H
