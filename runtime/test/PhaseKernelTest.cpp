//===- PhaseKernelTest.cpp - applyPhases against an index-by-index loop
//----===//
//
// applyPhases multiplies blocks of two lines, or of one where a control sits
// on bit 2, with a table for the bits inside a block and the parity of those
// above; a state smaller than a block is one block. Random controls and
// parity bits on one to seven qubits reach every split of them between the
// block and the bits above.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"
#include "StateVector.h"

#include <gtest/gtest.h>

using namespace cotangent::runtime;
using reference::Vector;

namespace {

TEST(PhaseKernelTest, MatchesTheFactorOfEveryIndex) {
  std::mt19937_64 rng(29);
  std::uniform_real_distribution<double> angle(-3.0, 3.0);
  for (int numQubits = 1; numQubits <= 7; ++numQubits)
    for (int trial = 0; trial < 60; ++trial) {
      const uint64_t all = (uint64_t(1) << numQubits) - 1;
      std::uniform_int_distribution<uint64_t> subset(0, all);
      // Controls and parity bits on distinct qubits, at least one parity bit.
      const uint64_t controls = subset(rng) & subset(rng);
      uint64_t parityBits = subset(rng) & ~controls;
      if (!parityBits && controls != all)
        parityBits = uint64_t(1) << __builtin_ctzll(~controls);
      const reference::Complex even = std::polar(1.0, angle(rng)),
                               odd = std::polar(1.0, angle(rng));
      const Vector psi = reference::randomState(numQubits, rng);
      Vector expected = psi;
      for (std::size_t i = 0; i < expected.size(); ++i)
        if ((i & controls) == controls)
          expected[i] *= __builtin_parityll(i & parityBits) ? odd : even;
      Vector actual = psi;
      kernels::applyPhases(actual.data(), numQubits, controls, parityBits, even,
                           odd);
      SCOPED_TRACE(::testing::Message()
                   << numQubits << " qubits, controls " << controls
                   << ", parity bits " << parityBits);
      EXPECT_LT(reference::distance(actual, expected), 1e-14);
    }
}

} // namespace
