//===- GateMatrices.cpp ---------------------------------------------------===//

#include "GateMatrices.h"

#include <cmath>
#include <utility>

namespace cotangent::runtime {
namespace {

using Complex = std::complex<double>;
constexpr Complex kI(0, 1);
constexpr double kPi = 3.14159265358979323846;

/// e^{-i t/2}, the phase RZ(t) gives to |0>.
Complex halfTurn(double t) { return std::polar(1.0, -t / 2); }

GateOperator diagonal(int numControls, Complex even, Complex odd) {
  GateOperator op;
  op.form = GateOperator::Form::Diagonal;
  op.numControls = numControls;
  op.phases = {even, odd};
  return op;
}

GateOperator controlled(int numControls, std::array<Complex, 4> target) {
  GateOperator op;
  op.form = GateOperator::Form::Controlled;
  op.numControls = numControls;
  op.target = target;
  return op;
}

GateOperator dense(int numControls, std::vector<Complex> matrix) {
  GateOperator op;
  op.form = GateOperator::Form::Dense;
  op.numControls = numControls;
  op.dense = std::move(matrix);
  return op;
}

std::array<Complex, 4> rx(double t) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  return {c, -kI * s, -kI * s, c};
}

std::array<Complex, 4> ry(double t) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  return {c, -s, s, c};
}

/// Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi), multiplied out.
std::array<Complex, 4> rot(double phi, double theta, double omega) {
  const double c = std::cos(theta / 2), s = std::sin(theta / 2);
  return {std::polar(c, -(phi + omega) / 2), -std::polar(s, (phi - omega) / 2),
          std::polar(s, -(phi - omega) / 2), std::polar(c, (phi + omega) / 2)};
}

/// Each pair of `list`: its 2x2 `m` on its two basis states of a gate's
/// wires, the identity on all others: its kernel touches only the lines where
/// the wires read one of them.
template <size_t N> GateOperator pairs(const kernels::StatePair (&list)[N]) {
  static_assert(N <= kernels::kMaxStatePairs,
                "more pairs than applyPairs takes (kMaxStatePairs)");
  GateOperator op;
  op.form = GateOperator::Form::Pairs;
  op.pairs.assign(list, list + N);
  return op;
}

/// cos(t/2) I - i sin(t/2) P on two qubits, where P is the 4x4 matrix with
/// corner[k] at the k-th position of the anti-diagonal (row k, column 3 - k):
/// two pairs, |00>,|11> and |01>,|10>.
GateOperator isingFromAntiDiagonal(double t, std::array<Complex, 4> corner) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  auto mix = [&](size_t low, size_t high) {
    return kernels::StatePair{
        low, high, {c, -kI * s * corner[low], -kI * s * corner[high], c}};
  };
  return pairs({mix(0, 3), mix(1, 2)});
}

/// The Givens rotation of the basis states `low` and `high`: |low> ->
/// cos(t/2)|low> + sin(t/2)|high>, |high> -> cos(t/2)|high> - sin(t/2)|low>.
GateOperator givens(int low, int high, double t) {
  return pairs({{size_t(low), size_t(high), ry(t)}}); // (c, -s; s, c)
}

std::array<Complex, 4> conjugateTranspose(const std::array<Complex, 4> &m) {
  return {std::conj(m[0]), std::conj(m[2]), std::conj(m[1]), std::conj(m[3])};
}

GateOperator conjugateTranspose(GateOperator op) {
  switch (op.form) {
  case GateOperator::Form::Diagonal:
    for (Complex &p : op.phases)
      p = std::conj(p);
    break;
  case GateOperator::Form::Controlled:
    op.target = conjugateTranspose(op.target);
    break;
  case GateOperator::Form::Pairs:
    for (kernels::StatePair &pair : op.pairs)
      pair.m = conjugateTranspose(pair.m);
    break;
  case GateOperator::Form::Dense: {
    const size_t dim =
        static_cast<size_t>(std::sqrt(static_cast<double>(op.dense.size())));
    for (size_t r = 0; r < dim; ++r) {
      op.dense[r * dim + r] = std::conj(op.dense[r * dim + r]);
      for (size_t c = r + 1; c < dim; ++c) {
        const Complex upper = op.dense[r * dim + c];
        op.dense[r * dim + c] = std::conj(op.dense[c * dim + r]);
        op.dense[c * dim + r] = std::conj(upper);
      }
    }
    break;
  }
  }
  return op;
}

/// Only gates with parameters read `p`.
GateOperator forwardOperator(GateKind kind, const double *p) {
  switch (kind) {
  case GateKind::Identity:
    return diagonal(0, 1.0, 1.0);
  case GateKind::PauliX:
    return controlled(0, {0.0, 1.0, 1.0, 0.0});
  case GateKind::PauliY:
    return controlled(0, {0.0, -kI, kI, 0.0});
  case GateKind::PauliZ:
    return diagonal(0, 1.0, -1.0);
  case GateKind::Hadamard: {
    const double h = 1 / std::sqrt(2.0);
    return controlled(0, {h, h, h, -h});
  }
  case GateKind::S:
    return diagonal(0, 1.0, kI);
  case GateKind::T:
    return diagonal(0, 1.0, std::polar(1.0, kPi / 4));
  case GateKind::PhaseShift:
    return diagonal(0, 1.0, std::polar(1.0, p[0]));
  case GateKind::RX:
    return controlled(0, rx(p[0]));
  case GateKind::RY:
    return controlled(0, ry(p[0]));
  case GateKind::RZ:
    return diagonal(0, halfTurn(p[0]), std::conj(halfTurn(p[0])));
  case GateKind::Rot:
    return controlled(0, rot(p[0], p[1], p[2]));
  case GateKind::CNOT:
    return controlled(1, {0.0, 1.0, 1.0, 0.0});
  case GateKind::CY:
    return controlled(1, {0.0, -kI, kI, 0.0});
  case GateKind::CZ:
    return diagonal(1, 1.0, -1.0);
  case GateKind::SWAP: // exchanges |01> and |10>
    return pairs({{1, 2, {0.0, 1.0, 1.0, 0.0}}});
  case GateKind::CRX:
    return controlled(1, rx(p[0]));
  case GateKind::CRY:
    return controlled(1, ry(p[0]));
  case GateKind::CRZ:
    return diagonal(1, halfTurn(p[0]), std::conj(halfTurn(p[0])));
  case GateKind::CRot:
    return controlled(1, rot(p[0], p[1], p[2]));
  case GateKind::ControlledPhaseShift:
    return diagonal(1, 1.0, std::polar(1.0, p[0]));
  case GateKind::IsingXX:
    return isingFromAntiDiagonal(p[0], {1.0, 1.0, 1.0, 1.0});
  case GateKind::IsingYY: // Y (x) Y has -1, 1, 1, -1 on its anti-diagonal
    return isingFromAntiDiagonal(p[0], {-1.0, 1.0, 1.0, -1.0});
  case GateKind::IsingZZ:
  case GateKind::MultiRZ: // exp(-i t/2 Z...Z): e^{-it/2} on even parity,
                          // e^{it/2} on odd
    return diagonal(0, halfTurn(p[0]), std::conj(halfTurn(p[0])));
  case GateKind::Toffoli:
    return controlled(2, {0.0, 1.0, 1.0, 0.0});
  case GateKind::CSWAP: // exchanges |101> and |110>
    return pairs({{5, 6, {0.0, 1.0, 1.0, 0.0}}});
  case GateKind::SingleExcitation:
  case GateKind::DoubleExcitation: {
    const Generator g = gateInfo(kind).generator;
    return givens(g.low, g.high, p[0]);
  }
  }
  __builtin_unreachable(); // callers pass only kinds of Gates.def
}

} // namespace

GateOperator gateOperator(GateKind kind, const double *params, bool adjoint) {
  GateOperator op = forwardOperator(kind, params);
  return adjoint ? conjugateTranspose(std::move(op)) : op;
}

GateOperator matrixOperator(const std::complex<double> *matrix, int numWires,
                            bool adjoint) {
  const size_t dim = size_t(1) << numWires;
  GateOperator op = dense(0, std::vector<Complex>(matrix, matrix + dim * dim));
  return adjoint ? conjugateTranspose(std::move(op)) : op;
}

} // namespace cotangent::runtime
