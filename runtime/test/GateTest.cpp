//===- GateTest.cpp - Gates and unitaries against reference operators ----===//

#include "Circuit.h"
#include "Reference.h"

#include "cotangent/Runtime/GateKind.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cotangent::runtime;
using reference::Matrix;
using reference::Vector;

namespace {

// Amplitudes come out of a handful of floating-point operations each.
constexpr double kTolerance = 1e-12;

std::vector<double> randomParams(int count, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> angle(-4, 4);
  std::vector<double> params(count);
  for (double &p : params)
    p = angle(rng);
  return params;
}

Vector runState(Circuit circuit) {
  const auto error = run(circuit);
  EXPECT_FALSE(error) << *error;
  return circuit.state;
}

/// Register sizes: 4 as the baseline case; 2 for states smaller than a kernel
/// block; 7 so that every kernel also runs its long vectorised inner loops.
class GateTest : public ::testing::TestWithParam<int> {};

TEST_P(GateTest, PreparationGivesTheRequestedState) {
  const int n = GetParam();
  std::mt19937_64 rng(n);
  const Vector psi = reference::randomState(n, rng);
  EXPECT_LT(reference::distance(runState({n, {prepareStep(psi, n, rng)}}), psi),
            kTolerance);
}

TEST_P(GateTest, EveryGateMatchesItsMatrixOnRandomWires) {
  const int n = GetParam();
  std::mt19937_64 rng(100 + n);
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateKind kind = static_cast<GateKind>(code);
    const GateInfo &info = gateInfo(kind);
    if (info.numWires > n)
      continue;
    for (int trial = 0; trial < 12; ++trial) {
      const int numWires = info.numWires
                               ? info.numWires
                               : std::uniform_int_distribution<int>(1, n)(rng);
      const std::vector<int> wires = reference::randomWires(numWires, n, rng);
      const std::vector<double> params = randomParams(info.numParams, rng);
      const bool adjoint = trial % 2 == 1;
      SCOPED_TRACE(::testing::Message()
                   << info.name << (adjoint ? " adjoint" : "") << " on "
                   << numWires << " wire(s), first " << wires[0]);
      const Vector psi = reference::randomState(n, rng);
      Matrix gate = reference::gateMatrix(kind, params, numWires);
      if (adjoint)
        gate = reference::dagger(gate);
      const Vector expected = reference::embed(gate, wires, n) * psi;
      const Vector actual = runState(
          {n,
           {prepareStep(psi, n, rng), gateStep(kind, params, wires, adjoint)}});
      EXPECT_LT(reference::distance(actual, expected), kTolerance);
    }
  }
}

TEST_P(GateTest, AdjointOfEveryGateRestoresTheState) {
  const int n = GetParam();
  std::mt19937_64 rng(200 + n);
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateKind kind = static_cast<GateKind>(code);
    const GateInfo &info = gateInfo(kind);
    if (info.numWires > n)
      continue;
    SCOPED_TRACE(info.name);
    const std::vector<int> wires =
        reference::randomWires(info.numWires ? info.numWires : n, n, rng);
    const std::vector<double> params = randomParams(info.numParams, rng);
    const Vector psi = reference::randomState(n, rng);
    const Vector actual =
        runState({n,
                  {prepareStep(psi, n, rng), gateStep(kind, params, wires),
                   gateStep(kind, params, wires, /*adjoint=*/true)}});
    EXPECT_LT(reference::distance(actual, psi), kTolerance);
  }
}

TEST_P(GateTest, UnitaryAppliesARandomUnitary) {
  const int n = GetParam();
  std::mt19937_64 rng(300 + n);
  for (int trial = 0; trial < 12; ++trial) {
    const int numWires =
        std::uniform_int_distribution<int>(1, std::min(n, 3))(rng);
    const std::vector<int> wires = reference::randomWires(numWires, n, rng);
    const bool adjoint = trial % 2 == 1;
    const Matrix u = reference::randomUnitary(std::size_t(1) << numWires, rng);
    const Vector psi = reference::randomState(n, rng);
    const Vector expected =
        reference::embed(adjoint ? reference::dagger(u) : u, wires, n) * psi;
    const Vector actual = runState(
        {n, {prepareStep(psi, n, rng), unitaryStep(u, wires, adjoint)}});
    EXPECT_LT(reference::distance(actual, expected), kTolerance)
        << numWires << " wire(s), adjoint " << adjoint;
  }
}

INSTANTIATE_TEST_SUITE_P(Registers, GateTest, ::testing::Values(2, 4, 7));

TEST(UnitaryTest, RejectsANonUnitaryMatrix) {
  Circuit circuit{1, {unitaryStep(Matrix(2, {1, 0, 0, 2}), {0})}};
  const auto error = run(circuit);
  ASSERT_TRUE(error);
  EXPECT_EQ(
      *error,
      "circuit: the matrix given to unitary is not unitary: U U^dagger differs "
      "from the identity by up to 3");
}

TEST(UnitaryTest, ToleranceSeparatesRoundingFromRealDefects) {
  std::mt19937_64 rng(5);
  Matrix u = reference::randomUnitary(4, rng);
  u(1, 2) += 1e-6; // a real defect
  Circuit rejected{2, {unitaryStep(u, {0, 1})}};
  EXPECT_TRUE(run(rejected));
  u(1, 2) -= 1e-6 - 1e-12; // rounding-sized
  Circuit accepted{2, {unitaryStep(u, {0, 1})}};
  EXPECT_FALSE(run(accepted));
}

} // namespace
