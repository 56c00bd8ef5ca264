//===- QubitReuseTest.cpp - Deallocated qubits' wires serve again ---------===//
//
// A register allocated and deallocated in a loop while other qubits stay live
// must not grow the state: its wires are reset and reused when they are in a
// product state with the live qubits, and left alone when entangled with them.
// Handles of deallocated qubits stay invalid although their wires serve again.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"
#include "cotangent/Runtime/GateKind.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cotangent::runtime;

namespace {

constexpr int64_t kPauliZ = 3; // NamedObservables.def
constexpr int64_t kHadamard = static_cast<int64_t>(GateKind::Hadamard);
constexpr int64_t kPauliX = static_cast<int64_t>(GateKind::PauliX);
constexpr int64_t kCNOT = static_cast<int64_t>(GateKind::CNOT);

double expvalZ(int64_t qubit) {
  return __cot_expval(__cot_named_obs(kPauliZ, qubit, nullptr), nullptr);
}

struct LoopRun {
  std::vector<double> outerPreparation; ///< Unitary on 3 qubits.
  std::vector<double> innerPreparation; ///< Unitary on 2 qubits.
  int iterations;
  std::vector<double> innerZ;     ///< <Z> of the inner register's first qubit.
  std::vector<double> finalOuter; ///< The outer register's state at the end.
};

void runLoop(void **args) {
  LoopRun &r = *static_cast<LoopRun *>(args[0]);
  const int64_t outer = __cot_alloc(3, nullptr);
  int64_t o[3];
  for (int i = 0; i < 3; ++i)
    o[i] = __cot_extract(outer, i, nullptr);
  __cot_unitary(r.outerPreparation.data(), 0, o, 3, nullptr);
  for (int k = 0; k < r.iterations; ++k) {
    const int64_t inner = __cot_alloc(2, nullptr);
    int64_t q[2] = {__cot_extract(inner, 0, nullptr),
                    __cot_extract(inner, 1, nullptr)};
    __cot_unitary(r.innerPreparation.data(), 0, q, 2, nullptr);
    r.innerZ.push_back(expvalZ(q[0]));
    __cot_dealloc(inner, nullptr);
  }
  r.finalOuter.resize(16);
  __cot_state(o, 3, r.finalOuter.data(), nullptr);
  __cot_dealloc(outer, nullptr);
}

TEST(QubitReuseTest, ALoopOfRegistersReusesItsWires) {
  std::mt19937_64 rng(5);
  const reference::Vector psi = reference::randomState(3, rng);
  const reference::Matrix inner = reference::randomUnitary(4, rng);
  // 60 iterations of 2 fresh qubits each would need 2^123 amplitudes.
  LoopRun r{
      reference::interleave(reference::unitaryWithFirstColumn(psi, rng).data),
      reference::interleave(inner.data),
      60,
      {},
      {}};
  void *args[] = {&r};
  const auto error = invoke(runLoop, args, {1});
  ASSERT_FALSE(error) << *error;
  // Every iteration starts from |00>: <Z (x) I> of inner |00>.
  double expected = 0;
  for (size_t row = 0; row < 4; ++row)
    expected += (row < 2 ? 1 : -1) * std::norm(inner(row, 0));
  for (double z : r.innerZ)
    EXPECT_NEAR(z, expected, 1e-12);
  // The outer state is untouched, up to a global phase.
  const reference::Vector finalOuter = reference::deinterleave(r.finalOuter);
  EXPECT_NEAR(std::abs(reference::innerProduct(psi, finalOuter)), 1, 1e-12);
}

/// Allocates a qubit and a second one that it entangles with the first (a
/// Bell pair) and deallocates; returns the first qubit, now half |0>, half
/// |1>, and entangled with a discarded wire.
int64_t entangleWithDiscarded() {
  const int64_t outer = __cot_alloc(1, nullptr);
  int64_t o = __cot_extract(outer, 0, nullptr);
  const int64_t inner = __cot_alloc(1, nullptr);
  int64_t pair[2] = {__cot_extract(inner, 0, nullptr), o};
  __cot_gate(kHadamard, 0, nullptr, &pair[0], 1, nullptr);
  __cot_gate(kCNOT, 0, nullptr, pair, 2, nullptr);
  __cot_dealloc(inner, nullptr);
  return o;
}

void runEntangledRelease(void **args) {
  double *out = static_cast<double *>(args[0]);
  const int64_t o = entangleWithDiscarded();
  // A new qubit must not inherit the discarded wire.
  const int64_t next = __cot_alloc(1, nullptr);
  int64_t n = __cot_extract(next, 0, nullptr);
  out[0] = expvalZ(o);
  out[1] = expvalZ(n);
  __cot_gate(kPauliX, 0, nullptr, &n, 1, nullptr);
  out[2] = expvalZ(n);
  out[3] = expvalZ(o);
  __cot_dealloc(next, nullptr);
}

TEST(QubitReuseTest, EntangledWiresAreNotReused) {
  double out[4];
  void *args[] = {out};
  const auto error = invoke(runEntangledRelease, args, {1});
  ASSERT_FALSE(error) << *error;
  EXPECT_NEAR(out[0], 0, 1e-15);
  EXPECT_NEAR(out[1], 1, 1e-15);
  EXPECT_NEAR(out[2], -1, 1e-15);
  EXPECT_NEAR(out[3], 0, 1e-15);
}

void stateOfQubitEntangledWithDiscarded(void **) {
  int64_t o = entangleWithDiscarded();
  double out[4];
  __cot_state(&o, 1, out, "prog.mlir:3:5");
}

TEST(QubitReuseTest, AQubitEntangledWithADiscardedOneHasNoState) {
  const auto error = invoke(stateOfQubitEntangledWithDiscarded, nullptr, {1});
  ASSERT_TRUE(error);
  EXPECT_EQ(*error, "prog.mlir:3:5: the 1 qubits are entangled with the "
                    "device's other qubits, so they have no state vector of "
                    "their own");
}

/// Deallocates a qubit, allocates another that takes over its wire, and
/// then uses the old qubit (args[0] = 0) or an observable on it (1).
void useStaleHandle(void **args) {
  const int use = *static_cast<int *>(args[0]);
  __cot_alloc(1, nullptr);
  const int64_t inner = __cot_alloc(1, nullptr);
  int64_t stale = __cot_extract(inner, 0, nullptr);
  const int64_t observable = __cot_named_obs(kPauliZ, stale, nullptr);
  __cot_dealloc(inner, nullptr);
  __cot_alloc(1, nullptr);
  if (use == 0)
    __cot_gate(kPauliX, 0, nullptr, &stale, 1, "prog.mlir:9:3");
  else
    __cot_expval(observable, "prog.mlir:9:3");
}

TEST(QubitReuseTest, HandlesOfDeallocatedQubitsStayInvalid) {
  int use = 0;
  void *args[] = {&use};
  auto error = invoke(useStaleHandle, args, {1});
  ASSERT_TRUE(error);
  EXPECT_EQ(*error, "prog.mlir:9:3: qubit handle 1 is used after its register "
                    "was deallocated");
  use = 1;
  error = invoke(useStaleHandle, args, {1});
  ASSERT_TRUE(error);
  EXPECT_EQ(*error, "prog.mlir:9:3: observable handle 0 acts on qubit 1, "
                    "whose register was deallocated");
}

} // namespace
