//===- AdjointMethodTest.cpp - Vector-Jacobian products of circuits -------===//
//
// Random circuits that use every gate, with expval, var, Hamiltonian and
// probs measurements weighted by random cotangents: the adjoint method's
// vector-Jacobian product, through the C ABI, against central finite
// differences of the weighted measurements.
//
//===----------------------------------------------------------------------===//

#include "AdjointMethod.h"
#include "Reference.h"
#include "StateVectorDevice.h"

#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"
#include "cotangent/Runtime/GateKind.h"

#include <gtest/gtest.h>

#include <numeric>
#include <random>

using namespace cotangent::runtime;

namespace {

constexpr int kNumQubits = 5;
constexpr const char *kWhere = "adjoint test";

struct Gate {
  GateKind kind;
  bool adjoint;
  std::vector<int> wires;
  int firstParam;
};

/// A circuit, its parameters and the cotangents of its four measurements:
/// expval(Z0), var(X1 (x) Y2), expval(0.7 Z3 Z4 - 1.3 X0 + 0.4 Y2), probs(4,
/// 1).
struct Problem {
  std::vector<Gate> gates;
  std::vector<double> params;
  std::vector<double>
      unitary; ///< Interleaved, on wires 3 and 0, applied first.
  double expvalWeight, varWeight, hamiltonianWeight;
  std::vector<double> probsWeights; ///< 4
  // Outputs.
  double value = 0;
  std::vector<double> gradient;
  bool differentiate = false;
};

int64_t named(const char *name, int64_t qubit) {
  const int code = std::string(name) == "X"   ? 1
                   : std::string(name) == "Y" ? 2
                                              : 3;
  return __cot_named_obs(code, qubit, kWhere);
}

/// The PackedFunction: runs the problem's circuit and the weighted sum of
/// its measurements, and (differentiate) their vector-Jacobian product.
void runProblem(void **args) {
  Problem &p = *static_cast<Problem *>(args[0]);
  if (p.differentiate)
    __cot_adjoint_begin(kWhere);
  const int64_t reg = __cot_alloc(kNumQubits, kWhere);
  int64_t q[kNumQubits];
  for (int i = 0; i < kNumQubits; ++i)
    q[i] = __cot_extract(reg, i, kWhere);
  const int64_t unitaryWires[] = {q[3], q[0]};
  __cot_unitary(p.unitary.data(), 0, unitaryWires, 2, kWhere);
  for (const Gate &g : p.gates) {
    int64_t wires[kNumQubits];
    for (size_t j = 0; j < g.wires.size(); ++j)
      wires[j] = q[g.wires[j]];
    __cot_gate(static_cast<int64_t>(g.kind), g.adjoint,
               p.params.data() + g.firstParam, wires,
               static_cast<int64_t>(g.wires.size()), kWhere);
  }
  const int64_t z0 = named("Z", q[0]);
  const int64_t xy[] = {named("X", q[1]), named("Y", q[2])};
  const int64_t product = __cot_tensor_obs(xy, 2, kWhere);
  const int64_t zz[] = {named("Z", q[3]), named("Z", q[4])};
  const int64_t terms[] = {__cot_tensor_obs(zz, 2, kWhere), named("X", q[0]),
                           named("Y", q[2])};
  const double coeffs[] = {0.7, -1.3, 0.4};
  const int64_t hamiltonian = __cot_hamiltonian_obs(coeffs, terms, 3, kWhere);
  const int64_t probsWires[] = {q[4], q[1]};
  double probs[4];
  __cot_probs(probsWires, 2, probs, kWhere);
  p.value = p.expvalWeight * __cot_expval(z0, kWhere) +
            p.varWeight * __cot_var(product, kWhere) +
            p.hamiltonianWeight * __cot_expval(hamiltonian, kWhere);
  for (int k = 0; k < 4; ++k)
    p.value += p.probsWeights[k] * probs[k];
  if (p.differentiate) {
    const int64_t stash = __cot_adjoint_stash(kWhere);
    __cot_dealloc(reg, kWhere);
    // The cotangents in the order of the measurements: probs came first.
    std::vector<double> weights(p.probsWeights);
    weights.insert(weights.end(),
                   {p.expvalWeight, p.varWeight, p.hamiltonianWeight});
    p.gradient.assign(p.params.size(), 0.0);
    __cot_adjoint_resume(
        stash, weights.data(), static_cast<int64_t>(weights.size()),
        p.gradient.data(), static_cast<int64_t>(p.params.size()), kWhere);
    return;
  }
  __cot_dealloc(reg, kWhere);
}

void run(Problem &p) {
  void *args[] = {&p};
  const auto error = invoke(runProblem, args, {1});
  ASSERT_FALSE(error) << *error;
}

Problem randomProblem(std::mt19937_64 &rng) {
  Problem p;
  std::uniform_real_distribution<double> angle(-3, 3), weight(-1, 1);
  std::uniform_int_distribution<int> coin(0, 1);
  std::vector<int> all(kNumQubits);
  std::iota(all.begin(), all.end(), 0);
  // Every gate twice, in random order, on random wires.
  std::vector<GateKind> kinds;
  for (int64_t code = 0; code < kNumGateKinds; ++code)
    for (int copy = 0; copy < 2; ++copy)
      kinds.push_back(static_cast<GateKind>(code));
  std::shuffle(kinds.begin(), kinds.end(), rng);
  for (GateKind kind : kinds) {
    const GateInfo &info = gateInfo(kind);
    std::shuffle(all.begin(), all.end(), rng);
    const int numWires = info.numWires ? info.numWires : 3;
    p.gates.push_back({kind, coin(rng) == 1,
                       std::vector<int>(all.begin(), all.begin() + numWires),
                       static_cast<int>(p.params.size())});
    for (int k = 0; k < info.numParams; ++k)
      p.params.push_back(angle(rng));
  }
  p.unitary = reference::interleave(reference::randomUnitary(4, rng).data);
  p.expvalWeight = weight(rng);
  p.varWeight = weight(rng);
  p.hamiltonianWeight = weight(rng);
  for (int k = 0; k < 4; ++k)
    p.probsWeights.push_back(weight(rng));
  return p;
}

TEST(AdjointMethodTest, VectorJacobianProductMatchesFiniteDifferences) {
  std::mt19937_64 rng(2024);
  for (int trial = 0; trial < 3; ++trial) {
    Problem p = randomProblem(rng);
    p.differentiate = true;
    run(p);
    const std::vector<double> adjoint = p.gradient;
    p.differentiate = false;
    constexpr double h = 1e-6;
    for (size_t j = 0; j < p.params.size(); ++j) {
      const double saved = p.params[j];
      p.params[j] = saved + h;
      run(p);
      const double plus = p.value;
      p.params[j] = saved - h;
      run(p);
      const double minus = p.value;
      p.params[j] = saved;
      EXPECT_NEAR(adjoint[j], (plus - minus) / (2 * h), 1e-7)
          << "trial " << trial << ", parameter " << j;
    }
  }
}

void allocateTwice(void **args) {
  // 22 qubits twice would need 2^44 amplitudes if the first were kept.
  for (int round = 0; round < 2; ++round) {
    const int64_t reg = __cot_alloc(22, kWhere);
    *static_cast<int64_t *>(args[round]) = __cot_extract(reg, 0, kWhere);
    __cot_dealloc(reg, kWhere);
  }
  // The first round's qubit handle stays invalid.
  __cot_gate(static_cast<int64_t>(GateKind::PauliX), 0, nullptr,
             static_cast<int64_t *>(args[0]), 1, kWhere);
}

TEST(AdjointMethodTest, DeallocatedQubitsAreReused) {
  int64_t first = -1, second = -1;
  void *args[] = {&first, &second};
  const auto error = invoke(allocateTwice, args, {1});
  ASSERT_TRUE(error);
  EXPECT_NE(first, second);
  EXPECT_EQ(*error, "adjoint test: qubit handle " + std::to_string(first) +
                        " is used after its register was deallocated");
}

} // namespace

namespace {

/// When the final state could not be kept, the device rebuilds it from the
/// recording: the product must be the same.
TEST(AdjointMethodTest, ReplayedStateGivesTheSameProduct) {
  CircuitRecording recording;
  recording.replayable = true;
  auto record = [&](GateKind kind, bool adjoint, double param,
                    std::vector<int64_t> wires) {
    RecordedOperation op;
    op.kind = kind;
    op.adjoint = adjoint;
    op.param = param;
    op.paramIndex = gateInfo(kind).numParams ? recording.numParams++ : -1;
    op.wires = std::move(wires);
    recording.operations.push_back(op);
  };
  record(GateKind::RX, false, 0.3, {0});
  record(GateKind::CNOT, false, 0, {0, 1});
  record(GateKind::RY, true, -1.2, {1});
  record(GateKind::IsingXX, false, 0.7, {1, 0});
  recording.cotangents.push_back({MeasurementCotangent::Kind::Expval,
                                  namedObservable(NamedObservable::PauliZ, 0),
                                  0.8,
                                  {},
                                  {}});
  recording.cotangents.push_back(
      {MeasurementCotangent::Kind::Probs, {}, 0, {1}, {0.2, -0.5}});

  auto device = makeStateVectorDevice();
  device->allocateQubits(2);
  for (const RecordedOperation &op : recording.operations)
    device->applyGate(op.kind, op.adjoint, &op.param,
                      {op.wires.data(), static_cast<int64_t>(op.wires.size())});
  double kept[3], replayed[3];
  device->vectorJacobianProduct(device->saveState(), 2, recording, kept);
  makeStateVectorDevice()->vectorJacobianProduct(nullptr, 2, recording,
                                                 replayed);
  for (int j = 0; j < 3; ++j)
    EXPECT_NEAR(kept[j], replayed[j], 1e-14) << "parameter " << j;
}

} // namespace
