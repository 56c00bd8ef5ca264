//===- ObservableTest.cpp - expval and var against dense linear algebra --===//

#include "Circuit.h"
#include "Reference.h"

#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

using reference::Matrix;
using reference::Vector;

namespace {

// Position in NamedObservables.def, which is the ABI code.
enum Named : int64_t { Identity, PauliX, PauliY, PauliZ, Hadamard, kNumNamed };

constexpr double kTolerance = 1e-10;

struct Factor {
  Named name;
  int wire;
};
struct Term {
  double coefficient;
  std::vector<Factor> factors;
};

/// How the observable is built: one named observable, one tensor product, or a
/// Hamiltonian of tensor products.
enum class Shape { Named, Tensor, Hamiltonian };

struct Measurement {
  int numQubits;
  std::vector<double> preparation; ///< Interleaved unitary on all qubits.
  Shape shape;
  std::vector<Term> terms;
  double expval = 0, var = 0; ///< Results.
};

/// PackedFunction: args[0] is the Measurement. Holds no object with a
/// destructor while it calls the runtime.
void measureObservable(void **args) {
  Measurement &m = *static_cast<Measurement *>(args[0]);
  const int64_t reg = __cot_alloc(m.numQubits, "obs");
  int64_t qubits[16];
  for (int i = 0; i < m.numQubits; ++i)
    qubits[i] = __cot_extract(reg, i, "obs");
  __cot_unitary(m.preparation.data(), 0, qubits, m.numQubits, "obs");
  int64_t terms[16];
  double coefficients[16];
  const int64_t numTerms = static_cast<int64_t>(m.terms.size());
  for (int64_t t = 0; t < numTerms; ++t) {
    int64_t factors[16];
    const int64_t numFactors = static_cast<int64_t>(m.terms[t].factors.size());
    for (int64_t f = 0; f < numFactors; ++f)
      factors[f] = __cot_named_obs(m.terms[t].factors[f].name,
                                   qubits[m.terms[t].factors[f].wire], "obs");
    terms[t] = m.shape == Shape::Named
                   ? factors[0]
                   : __cot_tensor_obs(factors, numFactors, "obs");
    coefficients[t] = m.terms[t].coefficient;
  }
  const int64_t observable =
      m.shape == Shape::Hamiltonian
          ? __cot_hamiltonian_obs(coefficients, terms, numTerms, "obs")
          : terms[0];
  m.expval = __cot_expval(observable, "obs");
  m.var = __cot_var(observable, "obs");
}

Matrix namedMatrix(Named name) {
  switch (name) {
  case PauliX:
    return reference::pauliX();
  case PauliY:
    return reference::pauliY();
  case PauliZ:
    return reference::pauliZ();
  case Hadamard:
    return reference::hadamard();
  default:
    return reference::identity(2);
  }
}

Matrix observableMatrix(const std::vector<Term> &terms, int n) {
  Matrix sum(std::size_t(1) << n);
  for (const Term &term : terms) {
    Matrix product = reference::identity(sum.dim);
    for (const Factor &f : term.factors)
      product = product * reference::embed(namedMatrix(f.name), {f.wire}, n);
    sum = sum + reference::Complex(term.coefficient) * product;
  }
  return sum;
}

/// Measures on a random state and compares with <psi|O|psi> and
/// <psi|O^2|psi> - <psi|O|psi>^2.
void checkAgainstReference(int n, Shape shape, const std::vector<Term> &terms,
                           std::mt19937_64 &rng) {
  const Vector psi = reference::randomState(n, rng);
  Measurement m{
      n,
      reference::interleave(reference::unitaryWithFirstColumn(psi, rng).data),
      shape, terms};
  void *args[] = {&m};
  const auto error = cotangent::runtime::invoke(measureObservable, args, {1});
  ASSERT_FALSE(error) << *error;
  const Matrix o = observableMatrix(terms, n);
  const Vector oPsi = o * psi;
  const double mean = reference::innerProduct(psi, oPsi).real();
  const double square = reference::innerProduct(oPsi, oPsi).real();
  EXPECT_NEAR(m.expval, mean, kTolerance);
  EXPECT_NEAR(m.var, square - mean * mean, kTolerance);
}

std::vector<Factor> randomFactors(int count, int n, std::mt19937_64 &rng) {
  std::vector<int> wires(n);
  std::iota(wires.begin(), wires.end(), 0);
  std::shuffle(wires.begin(), wires.end(), rng);
  std::vector<Factor> factors;
  for (int i = 0; i < count; ++i)
    factors.push_back({static_cast<Named>(std::uniform_int_distribution<int>(
                           0, kNumNamed - 1)(rng)),
                       wires[i]});
  return factors;
}

TEST(ObservableTest, NamedObservableOnEveryQubit) {
  std::mt19937_64 rng(1);
  for (int name = 0; name < kNumNamed; ++name)
    for (int wire = 0; wire < 4; ++wire) {
      SCOPED_TRACE(::testing::Message() << "named " << name << " on " << wire);
      checkAgainstReference(4, Shape::Named,
                            {{1.0, {{static_cast<Named>(name), wire}}}}, rng);
    }
}

TEST(ObservableTest, TensorProducts) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 40; ++trial) {
    const int count = std::uniform_int_distribution<int>(1, 5)(rng);
    checkAgainstReference(5, Shape::Tensor,
                          {{1.0, randomFactors(count, 5, rng)}}, rng);
  }
}

TEST(ObservableTest, Hamiltonians) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> coefficient(-2, 2);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<Term> terms;
    const int numTerms = std::uniform_int_distribution<int>(1, 6)(rng);
    for (int t = 0; t < numTerms; ++t) // terms may share qubits
      terms.push_back(
          {coefficient(rng),
           randomFactors(std::uniform_int_distribution<int>(1, 4)(rng), 4,
                         rng)});
    checkAgainstReference(4, Shape::Hamiltonian, terms, rng);
  }
}

TEST(ObservableTest, EigenstateHasZeroVariance) {
  // An analytic case: |+> is the +1 eigenstate of X, so <X> = 1 and var = 0;
  // <Z> = 0 and var(Z) = 1.
  Measurement x{1,
                reference::interleave(reference::hadamard().data),
                Shape::Named,
                {{1.0, {{PauliX, 0}}}}};
  Measurement z = x;
  z.terms = {{1.0, {{PauliZ, 0}}}};
  void *argsX[] = {&x};
  void *argsZ[] = {&z};
  ASSERT_FALSE(cotangent::runtime::invoke(measureObservable, argsX, {1}));
  ASSERT_FALSE(cotangent::runtime::invoke(measureObservable, argsZ, {1}));
  EXPECT_NEAR(x.expval, 1, 1e-15);
  EXPECT_NEAR(x.var, 0, 1e-15);
  EXPECT_NEAR(z.expval, 0, 1e-15);
  EXPECT_NEAR(z.var, 1, 1e-15);
}

} // namespace
