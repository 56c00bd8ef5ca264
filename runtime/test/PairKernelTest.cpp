//===- PairKernelTest.cpp - applyPair against the reference operator -----===//
//
// applyPair mixes two basis states of a few wires. Its vector sweep has one
// path per way the two states split between the in-line bits (0 and 1) and
// the bits above: same lines or partner lines, lanes exchanged across none,
// one or both in-line bits. Random wires and random pairs of basis states on
// seven qubits reach all of them.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"
#include "StateVector.h"

#include <gtest/gtest.h>

using namespace cotangent::runtime;
using reference::Matrix;
using reference::Vector;

namespace {

constexpr int kNumQubits = 7;

TEST(PairKernelTest, MatchesTheReferenceOnRandomWiresAndPairs) {
  std::mt19937_64 rng(23);
  for (int numWires = 3; numWires <= 5; ++numWires)
    for (int trial = 0; trial < 60; ++trial) {
      const std::vector<int> wires =
          reference::randomWires(numWires, kNumQubits, rng);
      const size_t dim = size_t(1) << numWires;
      std::uniform_int_distribution<size_t> outcome(0, dim - 1);
      const size_t low = outcome(rng);
      size_t high = outcome(rng);
      while (high == low)
        high = outcome(rng);
      const Matrix m = reference::randomUnitary(2, rng);
      // The k-wire operator: m on (low, high), the identity elsewhere.
      Matrix gate = reference::identity(dim);
      gate(low, low) = m(0, 0);
      gate(low, high) = m(0, 1);
      gate(high, low) = m(1, 0);
      gate(high, high) = m(1, 1);
      // The reference numbers qubits from the most significant bit.
      std::vector<int64_t> bits;
      for (int wire : wires)
        bits.push_back(kNumQubits - 1 - wire);
      const Vector psi = reference::randomState(kNumQubits, rng);
      const Vector expected = reference::embed(gate, wires, kNumQubits) * psi;
      Vector actual = psi;
      kernels::applyPair(actual.data(), kNumQubits, bits.data(), numWires, low,
                         high, m.data.data());
      SCOPED_TRACE(::testing::Message()
                   << numWires << " wires, first " << wires[0] << ", pair "
                   << low << "/" << high << ", trial " << trial);
      EXPECT_LT(reference::distance(actual, expected), 1e-12);
    }
}

} // namespace
