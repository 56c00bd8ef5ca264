//===- DenseKernelTest.cpp - applyDense against the reference operator ----===//
//
// The dense kernel has one vectorised path per split of its target and
// control wires between the two in-line bits (0 and 1) and the bits above
// (with AVX-512, one more per split for three targets and more: two halves a
// step, three real products per complex one), and a scalar loop above five
// targets and where the state is too small for a path's groups: random wires
// on a few qubits more than the targets (qubitsFor) reach all of them, in
// every instruction set's version the CPU runs.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"
#include "StateVector.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cotangent::runtime;
using reference::Matrix;
using reference::Vector;

namespace {

/// Qubits for a matrix on `numTargets` wires: enough above bits 0 and 1 for
/// every split of the targets and a control, and the companion bits the
/// kernels add (one per target on bits 0 and 1, one to pair groups), so that
/// the vectorised kernels serve every such split (up to 9 qubits, which keep
/// the dense reference quick).
int qubitsFor(int numTargets) { return std::min(numTargets + 4, 9); }

TEST(DenseKernelTest, MatchesTheControlledOperatorOnRandomWires) {
  std::mt19937_64 rng(17);
  for (int numTargets = 2; numTargets <= 6; ++numTargets) {
    const int numQubits = qubitsFor(numTargets);
    for (int numControls = 0;
         numControls + numTargets <= numQubits && numControls <= 2;
         ++numControls)
      for (int trial = 0; trial < 40; ++trial) {
        // Controls first.
        const std::vector<int> wires =
            reference::randomWires(numControls + numTargets, numQubits, rng);
        // The reference numbers qubits from the most significant bit.
        auto bitOf = [&](int wire) { return numQubits - 1 - wire; };
        uint64_t controls = 0;
        for (int c = 0; c < numControls; ++c)
          controls |= uint64_t(1) << bitOf(wires[c]);
        std::vector<int64_t> targets;
        for (int t = numControls; t < numControls + numTargets; ++t)
          targets.push_back(bitOf(wires[t]));
        const Matrix u =
            reference::randomUnitary(std::size_t(1) << numTargets, rng);
        Matrix gate = u;
        for (int c = 0; c < numControls; ++c)
          gate = reference::controlled(gate);
        const Vector psi = reference::randomState(numQubits, rng);
        const Vector expected = reference::embed(gate, wires, numQubits) * psi;
        // Every kernel version this CPU runs.
        for (int isa = 0; isa <= static_cast<int>(kernels::hostVectorISA());
             ++isa) {
          Vector actual = psi;
          kernels::applyDense(actual.data(), numQubits, controls,
                              targets.data(), numTargets, u.data.data(),
                              static_cast<kernels::VectorISA>(isa));
          SCOPED_TRACE(::testing::Message()
                       << numTargets << " targets, " << numControls
                       << " controls, trial " << trial << ", isa " << isa);
          EXPECT_LT(reference::distance(actual, expected), 1e-12);
        }
      }
  }
}

} // namespace
