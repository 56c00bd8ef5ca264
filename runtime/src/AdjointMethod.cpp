//===- AdjointMethod.cpp --------------------------------------------------===//
//
// With psi_j the state after gate j, U_j = exp(-i t_j/2 G_j) and lambda_j =
// U_{j+1}^dagger ... U_N^dagger A psi_N:
//   d<psi_N|A|psi_N>/dt_j = 2 Re <lambda_j| -i/2 G_j |psi_j>
//                         = Im <lambda_j| G_j |psi_j>,
// with the sign reversed for an adjoint gate. The bilinear forms are computed
// straight from the two states, with no third vector; for gates on one
// target wire (controls allowed) in the same sweep that undoes the gate on
// both states.
//
//===----------------------------------------------------------------------===//

#include "AdjointMethod.h"

#include "AlignedBuffer.h"
#include "ApplyOperator.h"
#include "GateMatrices.h"
#include "StateVector.h"

#include <algorithm>
#include <optional>
#include <string>

namespace cotangent::runtime {
namespace {

using Amplitude = std::complex<double>;

/// out += weight * O psi.
void addObservableProduct(Amplitude *out, const Amplitude *psi, int numQubits,
                          const Observable &observable, double weight) {
  for (const PauliTerm &term : observable.terms)
    kernels::addPauliProduct(out, psi, numQubits, term.xBits, term.zBits,
                             weight * term.coefficient * yPhase(term));
}

/// lambda = A psi.
void foldCotangents(Amplitude *lambda, const Amplitude *psi, int numQubits,
                    const std::vector<MeasurementCotangent> &cotangents) {
  const size_t size = size_t(1) << numQubits;
  for (const MeasurementCotangent &c : cotangents) {
    switch (c.kind) {
    case MeasurementCotangent::Kind::Expval:
      addObservableProduct(lambda, psi, numQubits, c.observable, c.weight);
      break;
    case MeasurementCotangent::Kind::Var: {
      // c (O^2 - 2<O> O) psi = c O phi - 2 c <O> phi with phi = O psi.
      AlignedBuffer<Amplitude> phi(size);
      addObservableProduct(phi.data(), psi, numQubits, c.observable, 1);
      const double mean =
          kernels::innerProduct(psi, phi.data(), numQubits).real();
      addObservableProduct(lambda, phi.data(), numQubits, c.observable,
                           c.weight);
      const double scale = -2 * c.weight * mean;
      for (size_t b = 0; b < size; ++b)
        lambda[b] += scale * phi[b];
      break;
    }
    case MeasurementCotangent::Kind::Probs:
      for (size_t b = 0; b < size; ++b)
        lambda[b] += c.weights[kernels::gatherBits(
                         b, c.wires.data(), static_cast<int>(c.wires.size()))] *
                     psi[b];
      break;
    }
  }
}

/// <lambda| G |psi> for the generator of a one-parameter gate.
Amplitude generatorBilinear(const Amplitude *lambda, const Amplitude *psi,
                            int numQubits, const RecordedOperation &op) {
  const Generator &g = gateInfo(op.kind).generator;
  const int64_t *wires = op.wires.data();
  const int numWires = static_cast<int>(op.wires.size());
  if (g.form == Generator::Form::Givens)
    return kernels::givensBilinear(lambda, psi, numQubits, wires, numWires,
                                   g.low, g.high);
  // Exponential: scale * projector on the controls (x) the Pauli word.
  const std::string word = g.word;
  PauliTerm term{g.scale, 0, 0};
  for (int w = g.numControls; w < numWires; ++w) {
    const char letter = word.size() == 1 ? word[0] : word[w - g.numControls];
    const uint64_t bit = uint64_t(1) << wires[w];
    if (letter == 'X' || letter == 'Y')
      term.xBits |= bit;
    if (letter == 'Z' || letter == 'Y')
      term.zBits |= bit;
  }
  const uint64_t controls = wireMask(wires, g.numControls);
  return term.coefficient * yPhase(term) *
         kernels::pauliBilinear(lambda, psi, numQubits, controls, term.xBits,
                                term.zBits);
}

/// The recorded operation, or its inverse.
GateOperator operatorOf(const RecordedOperation &op, bool inverse) {
  const bool adjoint = op.adjoint != inverse;
  if (!op.matrix.empty())
    return matrixOperator(op.matrix.data(), static_cast<int>(op.wires.size()),
                          adjoint);
  return gateOperator(op.kind, &op.param, adjoint);
}

Wires wiresOf(const RecordedOperation &op) {
  return {op.wires.data(), static_cast<int64_t>(op.wires.size())};
}

/// For a one-parameter gate that acts on its last wire where the others are
/// 1 (RX, CRY, PhaseShift, ControlledPhaseShift, ...): its inverse and its
/// generator as 2x2 matrices on that wire, for the fused backward step.
struct TargetForm {
  std::array<Amplitude, 4> inverse, generator;
};

std::optional<TargetForm> targetFormOf(const RecordedOperation &op,
                                       const GateOperator &inverse) {
  const Generator &g = gateInfo(op.kind).generator;
  const int numWires = static_cast<int>(op.wires.size());
  const std::string word = g.word;
  if (g.form != Generator::Form::Exponential || word.size() > 1 ||
      inverse.numControls != numWires - 1 ||
      g.numControls != numWires - static_cast<int>(word.size()))
    return std::nullopt;
  TargetForm form;
  switch (inverse.form) {
  case GateOperator::Form::Controlled:
    form.inverse = inverse.target;
    break;
  case GateOperator::Form::Diagonal:
    form.inverse = {inverse.phases[0], 0.0, 0.0, inverse.phases[1]};
    break;
  case GateOperator::Form::Pairs: // of basis states, not of one target
    return std::nullopt;
  case GateOperator::Form::Dense:
    if (inverse.dense.size() != form.inverse.size()) // not a 2x2
      return std::nullopt;
    std::copy(inverse.dense.begin(), inverse.dense.end(), form.inverse.begin());
    break;
  }
  const Amplitude i(0, 1);
  const char letter = word.empty() ? 'P' : word[0];
  switch (letter) {
  case 'X':
    form.generator = {0.0, 1.0, 1.0, 0.0};
    break;
  case 'Y':
    form.generator = {0.0, -i, i, 0.0};
    break;
  case 'Z':
    form.generator = {1.0, 0.0, 0.0, -1.0};
    break;
  default: // the projector |1><1| of a phase gate
    form.generator = {0.0, 0.0, 0.0, 1.0};
  }
  for (Amplitude &entry : form.generator)
    entry *= g.scale;
  return form;
}

} // namespace

void replayRecording(Amplitude *state, int numQubits,
                     const CircuitRecording &recording) {
  for (const RecordedOperation &op : recording.operations)
    applyOperator(state, numQubits, operatorOf(op, false), wiresOf(op));
}

void adjointVectorJacobianProduct(Amplitude *state, int numQubits,
                                  const CircuitRecording &recording,
                                  double *paramCotangents) {
  std::fill(paramCotangents, paramCotangents + recording.numParams, 0.0);
  AlignedBuffer<Amplitude> lambda(size_t(1) << numQubits);
  foldCotangents(lambda.data(), state, numQubits, recording.cotangents);
  const auto &operations = recording.operations;
  for (auto op = operations.rbegin(); op != operations.rend(); ++op) {
    const GateOperator inverse = operatorOf(*op, true);
    if (op->paramIndex >= 0 && op->matrix.empty()) {
      if (std::optional<TargetForm> form = targetFormOf(*op, inverse)) {
        const int numWires = static_cast<int>(op->wires.size());
        const double derivative =
            kernels::undoTargetGate(state, lambda.data(), numQubits,
                                    static_cast<int>(op->wires.back()),
                                    wireMask(op->wires.data(), numWires - 1),
                                    form->inverse.data(),
                                    form->generator.data())
                .imag();
        paramCotangents[op->paramIndex] +=
            op->adjoint ? -derivative : derivative;
        continue;
      }
    }
    if (op->paramIndex >= 0) {
      const double derivative =
          generatorBilinear(lambda.data(), state, numQubits, *op).imag();
      paramCotangents[op->paramIndex] += op->adjoint ? -derivative : derivative;
    }
    applyOperator(state, numQubits, inverse, wiresOf(*op));
    applyOperator(lambda.data(), numQubits, inverse, wiresOf(*op));
  }
}

} // namespace cotangent::runtime
