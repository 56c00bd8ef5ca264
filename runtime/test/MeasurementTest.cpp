//===- MeasurementTest.cpp - probs, state and measure ---------------------===//

#include "Circuit.h"
#include "Reference.h"

#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace cotangent::runtime;
using reference::Vector;

namespace {

constexpr const char *kWhere = "m";

// ---------------------------------------------------------------------------
// probs

struct ProbsRun {
  int numQubits;
  std::vector<double> preparation; ///< Interleaved unitary on all qubits.
  std::vector<int> wires; ///< Register indices, first = most significant bit.
  std::vector<double> probs; ///< Result, 2^wires.size() entries.
};

void runProbs(void **args) {
  ProbsRun &r = *static_cast<ProbsRun *>(args[0]);
  const int64_t reg = __cot_alloc(r.numQubits, kWhere);
  int64_t qubits[16], listed[16];
  for (int i = 0; i < r.numQubits; ++i)
    qubits[i] = __cot_extract(reg, i, kWhere);
  for (size_t i = 0; i < r.wires.size(); ++i)
    listed[i] = qubits[r.wires[i]];
  __cot_unitary(r.preparation.data(), 0, qubits, r.numQubits, kWhere);
  __cot_probs(listed, static_cast<int64_t>(r.wires.size()), r.probs.data(),
              kWhere);
}

TEST(ProbsTest, MarginalsOfRandomStatesOnRandomWireLists) {
  std::mt19937_64 rng(11);
  const int n = 5;
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<int> wires(n);
    std::iota(wires.begin(), wires.end(), 0);
    std::shuffle(wires.begin(), wires.end(), rng);
    wires.resize(std::uniform_int_distribution<int>(1, n)(rng));
    const Vector psi = reference::randomState(n, rng);
    ProbsRun r{
        n,
        reference::interleave(reference::unitaryWithFirstColumn(psi, rng).data),
        wires, std::vector<double>(std::size_t(1) << wires.size())};
    void *args[] = {&r};
    const auto error = invoke(runProbs, args, {1});
    ASSERT_FALSE(error) << *error;
    // Reference: add |psi_b|^2 into the outcome that b's bits at the wires
    // spell.
    std::vector<double> expected(r.probs.size(), 0.0);
    for (std::size_t b = 0; b < psi.size(); ++b) {
      std::size_t outcome = 0;
      for (int wire : wires)
        outcome = 2 * outcome + ((b >> (n - 1 - wire)) & 1);
      expected[outcome] += std::norm(psi[b]);
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
      EXPECT_NEAR(r.probs[i], expected[i], 1e-12)
          << "trial " << trial << " outcome " << i;
  }
}

// ---------------------------------------------------------------------------
// state

struct StateRun {
  std::vector<int> order; ///< Register indices to list.
  std::vector<double> out;
};

/// |100> on a 3-qubit register (X on qubit 0), read in `order`.
void runOrderedState(void **args) {
  StateRun &r = *static_cast<StateRun *>(args[0]);
  const int64_t reg = __cot_alloc(3, kWhere);
  int64_t qubits[3], listed[3];
  for (int i = 0; i < 3; ++i)
    qubits[i] = __cot_extract(reg, i, kWhere);
  for (size_t i = 0; i < r.order.size(); ++i)
    listed[i] = qubits[r.order[i]];
  __cot_gate(static_cast<int64_t>(GateKind::PauliX), 0, nullptr, &qubits[0], 1,
             kWhere);
  __cot_state(listed, static_cast<int64_t>(r.order.size()), r.out.data(),
              kWhere);
}

TEST(StateTest, FirstListedQubitIsTheMostSignificantBit) {
  for (const std::vector<int> &order :
       {std::vector<int>{0, 1, 2}, {2, 1, 0}, {1, 0, 2}, {1, 2, 0}}) {
    StateRun r{order, std::vector<double>(16, -1.0)};
    void *args[] = {&r};
    ASSERT_FALSE(invoke(runOrderedState, args, {1}));
    const int position =
        std::find(order.begin(), order.end(), 0) - order.begin();
    const int expected = 1 << (2 - position); // qubit 0 is the one in |1>
    for (int i = 0; i < 8; ++i) {
      EXPECT_EQ(r.out[2 * i], i == expected ? 1.0 : 0.0) << "index " << i;
      EXPECT_EQ(r.out[2 * i + 1], 0.0);
    }
  }
}

TEST(StateTest, MustListEveryLiveQubit) {
  StateRun r{{0, 2}, std::vector<double>(8)};
  void *args[] = {&r};
  const auto error = invoke(runOrderedState, args, {1});
  ASSERT_TRUE(error);
  EXPECT_EQ(*error,
            "m: state must list every live qubit of the device (3) but got 2");
}

struct DeallocRun {
  bool entangle;
  double out[8];
};

/// Register a (2 qubits): H on a0. Register b (1 qubit): X on b0, optionally
/// CNOT(a0, b0). Then b is deallocated and the state of a is read.
void runStateAfterDealloc(void **args) {
  DeallocRun &r = *static_cast<DeallocRun *>(args[0]);
  const int64_t a = __cot_alloc(2, kWhere), b = __cot_alloc(1, kWhere);
  int64_t qa[2] = {__cot_extract(a, 0, kWhere), __cot_extract(a, 1, kWhere)};
  int64_t qb = __cot_extract(b, 0, kWhere);
  __cot_gate(static_cast<int64_t>(GateKind::Hadamard), 0, nullptr, &qa[0], 1,
             kWhere);
  __cot_gate(static_cast<int64_t>(GateKind::PauliX), 0, nullptr, &qb, 1,
             kWhere);
  if (r.entangle) {
    int64_t pair[2] = {qa[0], qb};
    __cot_gate(static_cast<int64_t>(GateKind::CNOT), 0, nullptr, pair, 2,
               kWhere);
  }
  __cot_dealloc(b, kWhere);
  __cot_state(qa, 2, r.out, kWhere);
}

TEST(StateTest, DeallocatedQubitsInAProductStateAreFactoredOut) {
  DeallocRun r{false, {}};
  void *args[] = {&r};
  const auto error = invoke(runStateAfterDealloc, args, {1});
  ASSERT_FALSE(error) << *error;
  const double h = 1 / std::sqrt(2.0); // (|00> + |10>) / sqrt(2)
  const double expected[8] = {h, 0, 0, 0, h, 0, 0, 0};
  for (int i = 0; i < 8; ++i)
    EXPECT_NEAR(r.out[i], expected[i], 1e-15) << i;
}

TEST(StateTest, DeallocatedQubitsEntangledWithTheListedOnesAreAnError) {
  DeallocRun r{true, {}};
  void *args[] = {&r};
  const auto error = invoke(runStateAfterDealloc, args, {1});
  ASSERT_TRUE(error);
  EXPECT_EQ(*error, "m: the 2 qubits are entangled with the device's other "
                    "qubits, so they have "
                    "no state vector of their own");
}

// ---------------------------------------------------------------------------
// measure

struct Shots {
  double theta;
  int numShots;
  int ones = 0;
};

/// Prepares RY(theta)|0> and measures, numShots times, resetting to |0> by an
/// X after each 1 (the way compiled code would branch on the outcome).
void runShots(void **args) {
  Shots &s = *static_cast<Shots *>(args[0]);
  const int64_t reg = __cot_alloc(1, kWhere);
  int64_t q = __cot_extract(reg, 0, kWhere);
  for (int shot = 0; shot < s.numShots; ++shot) {
    __cot_gate(static_cast<int64_t>(GateKind::RY), 0, &s.theta, &q, 1, kWhere);
    if (__cot_measure(q, kWhere)) {
      ++s.ones;
      __cot_gate(static_cast<int64_t>(GateKind::PauliX), 0, nullptr, &q, 1,
                 kWhere);
    }
  }
}

TEST(MeasureTest, FrequencyOfOneIsSinSquaredOfHalfTheAngle) {
  // Each shot is a Bernoulli trial with p = sin^2(theta/2), so the frequency
  // has standard deviation sqrt(p(1-p)/N) <= 0.0036 for N = 20000; a 5-sigma
  // band fails a correct sampler with probability < 1e-6 (and the seed is
  // fixed).
  for (double theta : {0.0, 0.3, 1.2, 2.5, 3.14159265358979323846}) {
    Shots s{theta, 20000};
    void *args[] = {&s};
    ASSERT_FALSE(invoke(runShots, args, {1234}));
    const double p = std::pow(std::sin(theta / 2), 2);
    const double sigma = std::sqrt(p * (1 - p) / s.numShots);
    EXPECT_NEAR(static_cast<double>(s.ones) / s.numShots, p, 5 * sigma + 1e-12)
        << "theta " << theta;
  }
}

TEST(MeasureTest, CollapsesAndRenormalises) {
  std::mt19937_64 rng(21);
  const int n = 3;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    const Vector psi = reference::randomState(n, rng);
    Circuit circuit{n, {prepareStep(psi, n, rng), measureStep(1)}};
    const auto error = run(circuit, seed);
    ASSERT_FALSE(error) << *error;
    const int outcome = circuit.outcomes.at(0);
    // Reference: project qubit 1 (bit n-2 of the index) onto the outcome.
    Vector expected = psi;
    double norm = 0;
    for (std::size_t b = 0; b < expected.size(); ++b) {
      if (static_cast<int>((b >> (n - 2)) & 1) != outcome)
        expected[b] = 0;
      norm += std::norm(expected[b]);
    }
    for (auto &x : expected)
      x /= std::sqrt(norm);
    EXPECT_LT(reference::distance(circuit.state, expected), 1e-12)
        << "seed " << seed;
  }
}

std::vector<int> outcomesWithSeed(uint64_t seed) {
  Circuit circuit{1, {}};
  for (int i = 0; i < 64; ++i) {
    circuit.steps.push_back(gateStep(GateKind::RY, {1.0}, {0}));
    circuit.steps.push_back(measureStep(0));
  }
  EXPECT_FALSE(run(circuit, seed));
  return circuit.outcomes;
}

TEST(MeasureTest, SameSeedGivesSameOutcomes) {
  const std::vector<int> first = outcomesWithSeed(7);
  EXPECT_EQ(first, outcomesWithSeed(7));
  EXPECT_NE(first, outcomesWithSeed(8));
}

} // namespace
