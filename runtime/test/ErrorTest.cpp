//===- ErrorTest.cpp - Errors end a run with a message, not the process --===//
//
// Each failing program is a plain function used as the PackedFunction, like
// compiled code; after each error a further run must work normally.
//
//===----------------------------------------------------------------------===//

#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"
#include "cotangent/Runtime/GateKind.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <limits>
#include <set>

using namespace cotangent::runtime;

namespace {

constexpr const char *kWhere = "prog.mlir:7:9";
constexpr int64_t kCNOT = static_cast<int64_t>(GateKind::CNOT);

/// Set by a program after the call that should have ended it.
bool reachedAfterError = false;

std::optional<std::string> runProgram(PackedFunction program) {
  reachedAfterError = false;
  const auto error = invoke(program, nullptr, {1});
  EXPECT_FALSE(reachedAfterError) << "the run continued after the error";
  return error;
}

/// A program that must succeed: one qubit flipped by X and measured.
void healthyProgram(void **args) {
  const int64_t reg = __cot_alloc(1, nullptr);
  int64_t q = __cot_extract(reg, 0, nullptr);
  __cot_gate(static_cast<int64_t>(GateKind::PauliX), 0, nullptr, &q, 1,
             nullptr);
  *static_cast<int8_t *>(args[0]) = __cot_measure(q, nullptr);
  __cot_dealloc(reg, nullptr);
}

/// Runs the program, expects `message`, then checks a fresh run is unaffected.
void expectError(PackedFunction program, const std::string &message) {
  const auto error = runProgram(program);
  ASSERT_TRUE(error) << "expected: " << message;
  EXPECT_EQ(*error, message);
  int8_t outcome = -1;
  void *args[] = {&outcome};
  const auto next = invoke(healthyProgram, args, {1});
  EXPECT_FALSE(next) << *next;
  EXPECT_EQ(outcome, 1);
}

void extractOutOfRange(void **) {
  const int64_t reg = __cot_alloc(2, "prog.mlir:1:1");
  __cot_extract(reg, 5, kWhere);
  reachedAfterError = true;
}

void insertOutOfRange(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  const int64_t q = __cot_extract(reg, 0, nullptr);
  __cot_insert(reg, -1, q, kWhere);
  reachedAfterError = true;
}

TEST(ErrorTest, IndexOutsideRegister) {
  expectError(extractOutOfRange,
              "prog.mlir:7:9: qubit index 5 is outside a register of 2 qubits");
  expectError(
      insertOutOfRange,
      "prog.mlir:7:9: qubit index -1 is outside a register of 2 qubits");
}

void sameQubitTwiceInGate(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  int64_t pair[2] = {__cot_extract(reg, 1, nullptr),
                     __cot_extract(reg, 1, nullptr)};
  __cot_gate(kCNOT, 0, nullptr, pair, 2, kWhere);
  reachedAfterError = true;
}

void sameQubitTwiceInProbs(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  int64_t pair[2] = {__cot_extract(reg, 0, nullptr),
                     __cot_extract(reg, 0, nullptr)};
  double out[4];
  __cot_probs(pair, 2, out, kWhere);
  reachedAfterError = true;
}

void sameQubitTwiceInState(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  int64_t pair[2] = {__cot_extract(reg, 0, nullptr),
                     __cot_extract(reg, 0, nullptr)};
  double out[8];
  __cot_state(pair, 2, out, kWhere);
  reachedAfterError = true;
}

void sameQubitTwiceInTensor(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  const int64_t q = __cot_extract(reg, 1, nullptr);
  int64_t factors[2] = {__cot_named_obs(1, q, nullptr),
                        __cot_named_obs(3, q, nullptr)};
  __cot_tensor_obs(factors, 2, kWhere);
  reachedAfterError = true;
}

TEST(ErrorTest, SameQubitTwice) {
  expectError(sameQubitTwiceInGate,
              "prog.mlir:7:9: qubit handle 1 appears twice in gate CNOT");
  expectError(sameQubitTwiceInProbs,
              "prog.mlir:7:9: qubit handle 0 appears twice in probs");
  expectError(sameQubitTwiceInState,
              "prog.mlir:7:9: qubit handle 0 appears twice in state");
  expectError(
      sameQubitTwiceInTensor,
      "prog.mlir:7:9: the factors of a tensor product both act on qubit 1");
}

void cnotOnOneQubit(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  int64_t q = __cot_extract(reg, 0, nullptr);
  __cot_gate(kCNOT, 0, nullptr, &q, 1, kWhere);
  reachedAfterError = true;
}

void multiRZOnNoQubit(void **) {
  __cot_alloc(1, nullptr);
  const double angle = 0.5;
  __cot_gate(static_cast<int64_t>(GateKind::MultiRZ), 0, &angle, nullptr, 0,
             kWhere);
  reachedAfterError = true;
}

void unknownGateKind(void **) {
  __cot_gate(kNumGateKinds, 0, nullptr, nullptr, 0, kWhere);
  reachedAfterError = true;
}

TEST(ErrorTest, WrongGateArityOrKind) {
  expectError(cnotOnOneQubit,
              "prog.mlir:7:9: gate CNOT acts on 2 qubits but got 1");
  expectError(multiRZOnNoQubit,
              "prog.mlir:7:9: gate MultiRZ needs at least 1 qubit but got 0");
  expectError(unknownGateKind, "prog.mlir:7:9: unknown gate kind " +
                                   std::to_string(kNumGateKinds));
}

void allocZero(void **) {
  __cot_alloc(0, kWhere);
  reachedAfterError = true;
}

void allocNegative(void **) {
  __cot_alloc(-3, kWhere);
  reachedAfterError = true;
}

TEST(ErrorTest, NonPositiveQubitCount) {
  expectError(
      allocZero,
      "prog.mlir:7:9: cannot allocate 0 qubits: the count must be positive");
  expectError(
      allocNegative,
      "prog.mlir:7:9: cannot allocate -3 qubits: the count must be positive");
}

void alloc60(void **) {
  __cot_alloc(60, kWhere);
  reachedAfterError = true;
}

void allocMax(void **) {
  __cot_alloc(std::numeric_limits<int64_t>::max(), kWhere);
  reachedAfterError = true;
}

void allocGrowing(void **) {
  __cot_alloc(3, nullptr);
  __cot_alloc(57, kWhere);
  reachedAfterError = true;
}

bool startsWith(const std::string &text, const std::string &prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

bool endsWith(const std::string &text, const std::string &suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

TEST(ErrorTest, TooManyQubitsAreRefusedBeforeAllocating) {
  // Allocating (and zeroing) 16 EiB is impossible, and even a failed attempt
  // at a large state would take seconds: the refusal must be immediate.
  const auto start = std::chrono::steady_clock::now();
  const auto error = runProgram(alloc60);
  EXPECT_LT(std::chrono::steady_clock::now() - start,
            std::chrono::milliseconds(200));
  ASSERT_TRUE(error);
  EXPECT_TRUE(startsWith(
      *error, "prog.mlir:7:9: cannot allocate 60 qubits: the state vector "
              "needs 16 EiB but only "))
      << *error;
  EXPECT_TRUE(endsWith(*error, "B of memory is available")) << *error;

  const auto huge = runProgram(allocMax); // 2^n must not overflow
  ASSERT_TRUE(huge);
  EXPECT_TRUE(startsWith(
      *huge, "prog.mlir:7:9: cannot allocate 9223372036854775807 qubits: "
             "the state vector needs 2^9223372036854775811 bytes but only "))
      << *huge;

  const auto growing =
      runProgram(allocGrowing); // the count includes earlier qubits
  ASSERT_TRUE(growing);
  EXPECT_TRUE(startsWith(*growing,
                         "prog.mlir:7:9: cannot allocate 57 more qubits (60 in "
                         "total): the state vector needs 16 EiB but only "))
      << *growing;
}

void unknownRegister(void **) {
  __cot_extract(42, 0, kWhere);
  reachedAfterError = true;
}

void deallocatedRegister(void **) {
  const int64_t reg = __cot_alloc(1, nullptr);
  __cot_dealloc(reg, nullptr);
  __cot_extract(reg, 0, kWhere);
  reachedAfterError = true;
}

void doubleDealloc(void **) {
  const int64_t reg = __cot_alloc(1, nullptr);
  __cot_dealloc(reg, nullptr);
  __cot_dealloc(reg, kWhere);
  reachedAfterError = true;
}

void unknownQubit(void **) {
  __cot_alloc(2, nullptr);
  __cot_measure(99, kWhere);
  reachedAfterError = true;
}

void qubitOfDeallocatedRegister(void **) {
  const int64_t reg = __cot_alloc(2, nullptr);
  int64_t q = __cot_extract(reg, 1, nullptr);
  __cot_dealloc(reg, nullptr);
  __cot_gate(static_cast<int64_t>(GateKind::Hadamard), 0, nullptr, &q, 1,
             kWhere);
  reachedAfterError = true;
}

void unknownObservable(void **) {
  __cot_expval(5, kWhere);
  reachedAfterError = true;
}

void observableOnDeallocatedQubit(void **) {
  const int64_t reg = __cot_alloc(1, nullptr);
  __cot_alloc(1, nullptr); // stays live, so the device keeps its qubits
  const int64_t obs =
      __cot_named_obs(3, __cot_extract(reg, 0, nullptr), nullptr);
  __cot_dealloc(reg, nullptr);
  __cot_var(obs, kWhere);
  reachedAfterError = true;
}

void observableOfReleasedDevice(void **) {
  const int64_t reg = __cot_alloc(1, nullptr);
  const int64_t obs =
      __cot_named_obs(3, __cot_extract(reg, 0, nullptr), nullptr);
  __cot_dealloc(reg, nullptr); // the last live qubit: the device is released
  __cot_alloc(1, nullptr);
  __cot_var(obs, kWhere);
  reachedAfterError = true;
}

void unknownNamedObservable(void **) {
  const int64_t reg = __cot_alloc(1, nullptr);
  __cot_named_obs(5, __cot_extract(reg, 0, nullptr), kWhere);
  reachedAfterError = true;
}

TEST(ErrorTest, UnknownOrDeallocatedHandles) {
  expectError(unknownRegister, "prog.mlir:7:9: unknown register handle 42");
  expectError(
      deallocatedRegister,
      "prog.mlir:7:9: register handle 0 is used after it was deallocated");
  expectError(
      doubleDealloc,
      "prog.mlir:7:9: register handle 0 is used after it was deallocated");
  expectError(unknownQubit, "prog.mlir:7:9: unknown qubit handle 99");
  expectError(qubitOfDeallocatedRegister,
              "prog.mlir:7:9: qubit handle 1 is used after its register was "
              "deallocated");
  expectError(unknownObservable, "prog.mlir:7:9: unknown observable handle 5");
  expectError(
      observableOnDeallocatedQubit,
      "prog.mlir:7:9: observable handle 0 acts on qubit 0, whose register was "
      "deallocated");
  expectError(observableOfReleasedDevice,
              "prog.mlir:7:9: observable handle 0 is used after its qubits "
              "were deallocated");
  expectError(unknownNamedObservable,
              "prog.mlir:7:9: unknown named observable 5");
}

void errorWithoutLocation(void **) {
  __cot_extract(3, 0, nullptr);
  reachedAfterError = true;
}

TEST(ErrorTest, NullLocationGivesTheBareMessage) {
  expectError(errorWithoutLocation, "unknown register handle 3");
}

void failFromHostCode(void **) {
  __cot_alloc(1, nullptr);
  fail("the host gave up");
}

TEST(ErrorTest, FailEndsTheRun) {
  expectError(failFromHostCode, "the host gave up");
}

/// Outer run: one qubit in |1>, then a nested run that fails, then the outer
/// run must still see its own qubit.
struct Nested {
  std::optional<std::string> innerError;
  double state[4] = {};
};

void nestedOuter(void **args) {
  Nested &nested = *static_cast<Nested *>(args[0]);
  const int64_t reg = __cot_alloc(1, nullptr);
  int64_t q = __cot_extract(reg, 0, nullptr);
  __cot_gate(static_cast<int64_t>(GateKind::PauliX), 0, nullptr, &q, 1,
             nullptr);
  nested.innerError = invoke(extractOutOfRange, nullptr, {2});
  __cot_state(&q, 1, nested.state, nullptr);
}

TEST(ErrorTest, NestedRunRestoresTheOuterContext) {
  Nested nested;
  void *args[] = {&nested};
  const auto error = invoke(nestedOuter, args, {1});
  ASSERT_FALSE(error) << *error;
  ASSERT_TRUE(nested.innerError);
  EXPECT_EQ(*nested.innerError,
            "prog.mlir:7:9: qubit index 5 is outside a register of 2 qubits");
  const double expected[4] = {0, 0, 1,
                              0}; // |1>: the inner run's qubits are elsewhere
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(nested.state[i], expected[i]) << i;
}

TEST(ErrorTest, CallsWithoutARunDoNothing) {
  EXPECT_EQ(__cot_alloc(2, kWhere), 0);
  EXPECT_EQ(__cot_expval(0, kWhere), 0.0);
  __cot_gate(kCNOT, 0, nullptr, nullptr, 0, kWhere);
  EXPECT_EQ(__cot_measure(0, kWhere), 0);
}

TEST(SymbolTest, EveryEntryPointIsListed) {
  const std::pair<const char *, void *> expected[] = {
      {"__cot_alloc", reinterpret_cast<void *>(&__cot_alloc)},
      {"__cot_dealloc", reinterpret_cast<void *>(&__cot_dealloc)},
      {"__cot_extract", reinterpret_cast<void *>(&__cot_extract)},
      {"__cot_insert", reinterpret_cast<void *>(&__cot_insert)},
      {"__cot_gate", reinterpret_cast<void *>(&__cot_gate)},
      {"__cot_unitary", reinterpret_cast<void *>(&__cot_unitary)},
      {"__cot_named_obs", reinterpret_cast<void *>(&__cot_named_obs)},
      {"__cot_tensor_obs", reinterpret_cast<void *>(&__cot_tensor_obs)},
      {"__cot_hamiltonian_obs",
       reinterpret_cast<void *>(&__cot_hamiltonian_obs)},
      {"__cot_expval", reinterpret_cast<void *>(&__cot_expval)},
      {"__cot_var", reinterpret_cast<void *>(&__cot_var)},
      {"__cot_probs", reinterpret_cast<void *>(&__cot_probs)},
      {"__cot_state", reinterpret_cast<void *>(&__cot_state)},
      {"__cot_measure", reinterpret_cast<void *>(&__cot_measure)},
  };
  // Other parts of the runtime add entry points of their own (the tape, and
  // the functions MLIR's lowering names: memrefCopy and the generic buffer
  // allocation functions), so the table may hold more; each must be a
  // distinct name with an address.
  const std::vector<Symbol> &table = symbols();
  std::set<std::string> names;
  for (const Symbol &symbol : table) {
    std::string name = symbol.name;
    EXPECT_TRUE(name.rfind("__cot_", 0) == 0 || name == "memrefCopy" ||
                name.rfind("_mlir_memref_to_llvm_", 0) == 0)
        << name;
    EXPECT_NE(symbol.address, nullptr) << symbol.name;
    EXPECT_TRUE(names.insert(symbol.name).second)
        << symbol.name << " is listed twice";
  }
  for (const auto &[name, address] : expected) {
    const auto it =
        std::find_if(table.begin(), table.end(), [&](const Symbol &s) {
          return std::strcmp(s.name, name) == 0;
        });
    ASSERT_NE(it, table.end()) << name;
    EXPECT_EQ(it->address, address) << name;
  }
}

} // namespace
