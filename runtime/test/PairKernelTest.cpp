//===- PairKernelTest.cpp - applyPairs against the reference operator ----===//
//
// applyPairs mixes one or two pairs of basis states of a few wires. Its
// vector sweep has one path per way the states split between the in-line
// bits (0 and 1) and the bits above: same lines or partner lines, lanes
// exchanged across none, one or both in-line bits, and two pairs on the same
// lines or on two sets of lines. Random wires and random pairs of basis
// states on seven qubits reach all of them.
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
  for (int numWires = 2; numWires <= 5; ++numWires)
    for (int numPairs = 1; numPairs <= 2; ++numPairs)
      for (int trial = 0; trial < 60; ++trial) {
        const std::vector<int> wires =
            reference::randomWires(numWires, kNumQubits, rng);
        const size_t dim = size_t(1) << numWires;
        std::uniform_int_distribution<size_t> outcome(0, dim - 1);
        const size_t low = outcome(rng);
        size_t high = outcome(rng);
        while (high == low)
          high = outcome(rng);
        std::vector<kernels::StatePair> pairs = {{low, high, {}}};
        if (numPairs == 2) { // another two states that differ in those bits
          size_t other = outcome(rng);
          while (other == low || other == high)
            other = outcome(rng);
          pairs.push_back({other, other ^ low ^ high, {}});
        }
        // The k-wire operator: each pair's matrix on its states, the
        // identity elsewhere.
        Matrix gate = reference::identity(dim);
        for (kernels::StatePair &pair : pairs) {
          const Matrix m = reference::randomUnitary(2, rng);
          std::copy(m.data.begin(), m.data.end(), pair.m.begin());
          gate(pair.low, pair.low) = m(0, 0);
          gate(pair.low, pair.high) = m(0, 1);
          gate(pair.high, pair.low) = m(1, 0);
          gate(pair.high, pair.high) = m(1, 1);
        }
        // The reference numbers qubits from the most significant bit.
        std::vector<int64_t> bits;
        for (int wire : wires)
          bits.push_back(kNumQubits - 1 - wire);
        const Vector psi = reference::randomState(kNumQubits, rng);
        const Vector expected = reference::embed(gate, wires, kNumQubits) * psi;
        Vector actual = psi;
        kernels::applyPairs(actual.data(), kNumQubits, bits.data(), numWires,
                            pairs.data(), numPairs);
        SCOPED_TRACE(::testing::Message()
                     << numWires << " wires, first " << wires[0] << ", pair "
                     << low << "/" << high << ", " << numPairs
                     << " pairs, trial " << trial);
        EXPECT_LT(reference::distance(actual, expected), 1e-12);
      }
}

} // namespace
