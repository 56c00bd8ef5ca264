//===- StagedPartnersTest.cpp - updateStagedPartners against a plain loop -===//
//
// updateStagedPartners, the sweep over partner lines that alias in the L1
// cache of AMD Zen cores, runs only there and only from 25 qubits (partners
// 256 MiB apart and more), so no gate test reaches it on other machines or
// small states. Its chunks, staging and deferred write-back do not depend on
// how far apart the partners lie, so it is tested directly on small states: a
// 2x2 matrix on every target from wire 2 up, with random controls, against
// the same matrix applied pair by pair.
//
//===----------------------------------------------------------------------===//

#include "LineSweeps.h"
#include "Reference.h"

#include <gtest/gtest.h>

using namespace cotangent::runtime;
using namespace cotangent::runtime::kernels::sweeps;

namespace {

TEST(StagedPartnersTest, MatchesPairByPairOnEveryTargetWithRandomControls) {
  std::mt19937_64 rng(31);
  for (int numQubits = 3; numQubits <= 9; ++numQubits)
    for (int target = 2; target < numQubits; ++target)
      for (int trial = 0; trial < 4; ++trial) {
        uint64_t controls = 0; // among the bits from 2 up, but the target
        for (int b = 2; b < numQubits; ++b)
          if (b != target && rng() % 3 == 0)
            controls |= bit(b);
        const reference::Matrix m = reference::randomUnitary(2, rng);
        const reference::Vector psi = reference::randomState(numQubits, rng);
        reference::Vector expected = psi;
        for (size_t i = 0; i < psi.size(); ++i)
          if (!(i & bit(target)) && (i & controls) == controls) {
            const size_t j = i | bit(target);
            expected[i] = m(0, 0) * psi[i] + m(0, 1) * psi[j];
            expected[j] = m(1, 0) * psi[i] + m(1, 1) * psi[j];
          }
        auto everyLane = [](kernels::Amplitude c) {
          return laneFactors([c](size_t) { return c; });
        };
        const Factors f00 = everyLane(m(0, 0)), f01 = everyLane(m(0, 1)),
                      f10 = everyLane(m(1, 0)), f11 = everyLane(m(1, 1));
        reference::Vector actual = psi;
        updateStagedPartners(components(actual.data()), numQubits, target,
                             controls, [&](Line &a, Line &b) {
                               const Line first = times(f00, a) + times(f01, b);
                               b = times(f10, a) + times(f11, b);
                               a = first;
                             });
        EXPECT_LT(reference::distance(actual, expected), 1e-12)
            << numQubits << " qubits, target " << target << ", controls "
            << controls;
      }
}

} // namespace
