//===- GateKindTest.cpp - The gate table ----------------------------------===//

#include "cotangent/Runtime/GateKind.h"

#include <gtest/gtest.h>

#include <string>

using namespace cotangent::runtime;

namespace {

TEST(GateKindTest, TableIsTheSpecifiedOneInOrder) {
  struct Expected {
    const char *name;
    int numParams, numWires;
  };
  const Expected expected[] = {
      {"Identity", 0, 1},
      {"PauliX", 0, 1},
      {"PauliY", 0, 1},
      {"PauliZ", 0, 1},
      {"Hadamard", 0, 1},
      {"S", 0, 1},
      {"T", 0, 1},
      {"PhaseShift", 1, 1},
      {"RX", 1, 1},
      {"RY", 1, 1},
      {"RZ", 1, 1},
      {"Rot", 3, 1},
      {"CNOT", 0, 2},
      {"CY", 0, 2},
      {"CZ", 0, 2},
      {"SWAP", 0, 2},
      {"CRX", 1, 2},
      {"CRY", 1, 2},
      {"CRZ", 1, 2},
      {"CRot", 3, 2},
      {"ControlledPhaseShift", 1, 2},
      {"IsingXX", 1, 2},
      {"IsingYY", 1, 2},
      {"IsingZZ", 1, 2},
      {"MultiRZ", 1, 0},
      {"Toffoli", 0, 3},
      {"CSWAP", 0, 3},
      {"SingleExcitation", 1, 2},
      {"DoubleExcitation", 1, 4},
  };
  ASSERT_EQ(kNumGateKinds, static_cast<int64_t>(std::size(expected)));
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateInfo &info = gateInfo(static_cast<GateKind>(code));
    EXPECT_EQ(std::string(info.name), expected[code].name);
    EXPECT_EQ(info.numParams, expected[code].numParams) << info.name;
    EXPECT_EQ(info.numWires, expected[code].numWires) << info.name;
    EXPECT_EQ(gateByName(info.name), static_cast<GateKind>(code));
  }
}

TEST(GateKindTest, LookupByName) {
  static_assert(gateByName("CNOT") == GateKind::CNOT); // usable at compile time
  EXPECT_EQ(static_cast<int64_t>(GateKind::MultiRZ), 24);
  EXPECT_EQ(gateByName("cnot"), std::nullopt);
  EXPECT_EQ(gateByName(""), std::nullopt);
  EXPECT_TRUE(isGateKind(26));
  EXPECT_FALSE(isGateKind(kNumGateKinds));
  EXPECT_FALSE(isGateKind(-1));
}

} // namespace
