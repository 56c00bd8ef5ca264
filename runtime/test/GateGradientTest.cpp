//===- GateGradientTest.cpp - The gradient columns of the gate table ------===//
//
// Each parametric gate's declared generator and shift rule are checked
// against central finite differences of the runtime's own gates, applied
// through the C ABI to random states on random wires.
//
//===----------------------------------------------------------------------===//

#include "Circuit.h"
#include "Reference.h"

#include "cotangent/Runtime/GateKind.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>

using namespace cotangent::runtime;
using reference::Complex;
using reference::Matrix;
using reference::Vector;

namespace {

constexpr int kNumQubits = 4; // DoubleExcitation acts on 4
constexpr int kTrials = 6;
// Central differences err by ~h^2 |f'''| / 6 from truncation and by
// ~1e-16 / h from rounding: both far below the tolerances at this step.
constexpr double kStep = 1e-5;
constexpr double kMatrixTolerance = 1e-8;
constexpr double kShiftTolerance = 1e-7;

const Complex kI(0, 1);

/// A random parametric gate on random wires, with a random state to act on.
struct Sample {
  GateKind kind;
  std::vector<int> wires;
  std::vector<double> params;
  Step preparation;
};

Sample randomSample(GateKind kind, std::mt19937_64 &rng) {
  const GateInfo &info = gateInfo(kind);
  const int numWires =
      info.numWires ? info.numWires
                    : std::uniform_int_distribution<int>(1, kNumQubits)(rng);
  std::vector<int> wires(kNumQubits);
  std::iota(wires.begin(), wires.end(), 0);
  std::shuffle(wires.begin(), wires.end(), rng);
  wires.resize(numWires);
  std::uniform_real_distribution<double> angle(-4, 4);
  std::vector<double> params(info.numParams);
  for (double &p : params)
    p = angle(rng);
  const Vector psi = reference::randomState(kNumQubits, rng);
  return {kind, wires, params, prepareStep(psi, kNumQubits, rng)};
}

/// U(params) psi, computed by the runtime.
Vector applyGate(const Sample &s, const std::vector<double> &params) {
  Circuit circuit{kNumQubits,
                  {s.preparation, gateStep(s.kind, params, s.wires)}};
  const auto error = run(circuit);
  EXPECT_FALSE(error) << *error;
  return circuit.state;
}

std::vector<double> shifted(std::vector<double> params, int index, double by) {
  params[index] += by;
  return params;
}

Matrix pauli(char letter) {
  switch (letter) {
  case 'X':
    return reference::pauliX();
  case 'Y':
    return reference::pauliY();
  case 'Z':
    return reference::pauliZ();
  }
  ADD_FAILURE() << "not a Pauli letter: " << letter;
  return reference::identity(2);
}

/// The declared generator as a matrix on `numWires` wires.
Matrix generatorMatrix(const Generator &g, int numWires) {
  if (g.form == Generator::Form::Givens) {
    Matrix m(std::size_t(1) << numWires);
    m(g.high, g.low) = kI;
    m(g.low, g.high) = -kI;
    return m;
  }
  const std::string word = g.word;
  const Matrix projector(2, {0, 0, 0, 1}); // |1><1|
  Matrix m = reference::identity(1);
  for (int w = 0; w < numWires; ++w) {
    const Matrix factor =
        w < g.numControls
            ? projector
            : pauli(word.size() == 1 ? word[0] : word[w - g.numControls]);
    m = reference::kron(m, factor);
  }
  return Complex(g.scale) * m;
}

TEST(GateGradientTest, TableIsConsistent) {
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateInfo &info = gateInfo(static_cast<GateKind>(code));
    SCOPED_TRACE(info.name);
    const Generator::Form form = info.generator.form;
    EXPECT_EQ(info.numParams == 0, form == Generator::Form::None);
    EXPECT_EQ(info.numParams == 0, info.shiftRule == ShiftRule::None);
    EXPECT_EQ(info.numParams > 1, form == Generator::Form::Composite);
    if (form != Generator::Form::Exponential)
      continue;
    // One letter per wire after the controls, or one for every wire.
    const int wordLength =
        static_cast<int>(std::string(info.generator.word).size());
    if (info.numWires == 0)
      EXPECT_EQ(wordLength, 1);
    else
      EXPECT_EQ(info.generator.numControls + wordLength, info.numWires);
  }
}

TEST(GateGradientTest, ShiftRulesAreExactOnTheirFrequencies) {
  // f(t) = sum over the rule's frequencies of cos and sin: a rule must give
  // f'(0) for every one of them.
  const struct {
    ShiftRule rule;
    std::vector<double> frequencies;
  } cases[] = {{ShiftRule::TwoTerm, {1}}, {ShiftRule::FourTerm, {0.5, 1}}};
  for (const auto &c : cases)
    for (double w : c.frequencies) {
      double cosine = 0, sine = 0;
      for (const ShiftTerm &term : shiftTerms(c.rule)) {
        cosine += term.coefficient * std::cos(w * term.shift);
        sine += term.coefficient * std::sin(w * term.shift);
      }
      EXPECT_NEAR(cosine, 0, 1e-15) << "frequency " << w;
      EXPECT_NEAR(sine, w, 1e-15) << "frequency " << w;
    }
  EXPECT_EQ(shiftTerms(ShiftRule::None).size(), 0u);
}

TEST(GateGradientTest, DerivativeIsMinusHalfIGeneratorTimesGate) {
  std::mt19937_64 rng(7);
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateKind kind = static_cast<GateKind>(code);
    const GateInfo &info = gateInfo(kind);
    if (info.generator.form != Generator::Form::Exponential &&
        info.generator.form != Generator::Form::Givens)
      continue;
    for (int trial = 0; trial < kTrials; ++trial) {
      const Sample s = randomSample(kind, rng);
      SCOPED_TRACE(::testing::Message() << info.name << " on " << s.wires.size()
                                        << " wire(s), first " << s.wires[0]
                                        << ", t = " << s.params[0]);
      const Vector plus = applyGate(s, shifted(s.params, 0, kStep));
      const Vector minus = applyGate(s, shifted(s.params, 0, -kStep));
      Vector difference(plus.size());
      for (std::size_t i = 0; i < plus.size(); ++i)
        difference[i] = (plus[i] - minus[i]) / (2 * kStep);
      const Matrix g = reference::embed(
          generatorMatrix(info.generator, static_cast<int>(s.wires.size())),
          s.wires, kNumQubits);
      const Vector expected = (-kI / 2.0) * g * applyGate(s, s.params);
      EXPECT_LT(reference::distance(difference, expected), kMatrixTolerance);
    }
  }
}

TEST(GateGradientTest, ShiftRuleGivesTheDerivativeOfAnExpectation) {
  std::mt19937_64 rng(11);
  for (int64_t code = 0; code < kNumGateKinds; ++code) {
    const GateKind kind = static_cast<GateKind>(code);
    const GateInfo &info = gateInfo(kind);
    for (int trial = 0; trial < kTrials && info.numParams > 0; ++trial) {
      const Sample s = randomSample(kind, rng);
      const Matrix u =
          reference::randomUnitary(std::size_t(1) << kNumQubits, rng);
      const Matrix observable = u + reference::dagger(u); // Hermitian
      auto f = [&](const std::vector<double> &params) {
        const Vector phi = applyGate(s, params);
        return reference::innerProduct(phi, observable * phi).real();
      };
      for (int p = 0; p < info.numParams; ++p) {
        SCOPED_TRACE(::testing::Message() << info.name << " parameter " << p
                                          << " on wires from " << s.wires[0]);
        const double finiteDifference =
            (f(shifted(s.params, p, kStep)) - f(shifted(s.params, p, -kStep))) /
            (2 * kStep);
        double shiftRule = 0;
        for (const ShiftTerm &term : shiftTerms(info.shiftRule))
          shiftRule += term.coefficient * f(shifted(s.params, p, term.shift));
        EXPECT_NEAR(shiftRule, finiteDifference, kShiftTolerance);
      }
    }
  }
}

} // namespace
