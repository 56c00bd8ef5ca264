//===- Reference.cpp ------------------------------------------------------===//

#include "Reference.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace reference {

using cotangent::runtime::GateKind;

namespace {
constexpr Complex kI(0, 1);
constexpr double kPi = 3.14159265358979323846;
} // namespace

Matrix identity(std::size_t dim) {
  Matrix m(dim);
  for (std::size_t i = 0; i < dim; ++i)
    m(i, i) = 1;
  return m;
}

Matrix operator*(const Matrix &a, const Matrix &b) {
  assert(a.dim == b.dim);
  Matrix m(a.dim);
  for (std::size_t r = 0; r < a.dim; ++r)
    for (std::size_t k = 0; k < a.dim; ++k)
      if (a(r, k) != 0.0) // permutations and Kronecker products are sparse
        for (std::size_t c = 0; c < a.dim; ++c)
          m(r, c) += a(r, k) * b(k, c);
  return m;
}

Matrix operator*(Complex s, const Matrix &a) {
  Matrix m = a;
  for (Complex &x : m.data)
    x *= s;
  return m;
}

Matrix operator+(const Matrix &a, const Matrix &b) {
  assert(a.dim == b.dim);
  Matrix m = a;
  for (std::size_t i = 0; i < m.data.size(); ++i)
    m.data[i] += b.data[i];
  return m;
}

Vector operator*(const Matrix &a, const Vector &v) {
  assert(a.dim == v.size());
  Vector out(a.dim);
  for (std::size_t r = 0; r < a.dim; ++r)
    for (std::size_t c = 0; c < a.dim; ++c)
      out[r] += a(r, c) * v[c];
  return out;
}

Matrix kron(const Matrix &a, const Matrix &b) {
  Matrix m(a.dim * b.dim);
  for (std::size_t ar = 0; ar < a.dim; ++ar)
    for (std::size_t ac = 0; ac < a.dim; ++ac)
      for (std::size_t br = 0; br < b.dim; ++br)
        for (std::size_t bc = 0; bc < b.dim; ++bc)
          m(ar * b.dim + br, ac * b.dim + bc) = a(ar, ac) * b(br, bc);
  return m;
}

Matrix dagger(const Matrix &a) {
  Matrix m(a.dim);
  for (std::size_t r = 0; r < a.dim; ++r)
    for (std::size_t c = 0; c < a.dim; ++c)
      m(r, c) = std::conj(a(c, r));
  return m;
}

Matrix controlled(const Matrix &u) {
  Matrix zero(2), one(2);
  zero(0, 0) = 1;
  one(1, 1) = 1;
  return kron(zero, identity(u.dim)) + kron(one, u);
}

Matrix embed(const Matrix &gate, const std::vector<int> &wires, int numQubits) {
  // order[p] = the qubit that sits at position p (0 = most significant) after
  // P.
  std::vector<int> order = wires;
  for (int q = 0; q < numQubits; ++q)
    if (std::find(wires.begin(), wires.end(), q) == wires.end())
      order.push_back(q);
  const std::size_t dim = std::size_t(1) << numQubits;
  Matrix permutation(dim);
  for (std::size_t b = 0; b < dim; ++b) {
    std::size_t image = 0;
    for (int p = 0; p < numQubits; ++p)
      image = (image << 1) | ((b >> (numQubits - 1 - order[p])) & 1);
    permutation(image, b) = 1;
  }
  const Matrix lifted = kron(gate, identity(dim / gate.dim));
  return dagger(permutation) * lifted * permutation;
}

Matrix pauliX() { return Matrix(2, {0, 1, 1, 0}); }
Matrix pauliY() { return Matrix(2, {0, -kI, kI, 0}); }
Matrix pauliZ() { return Matrix(2, {1, 0, 0, -1}); }
Matrix hadamard() { return (1 / std::sqrt(2.0)) * Matrix(2, {1, 1, 1, -1}); }
Matrix phaseShift(double phi) {
  return Matrix(2, {1, 0, 0, std::exp(kI * phi)});
}

Matrix rx(double t) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  return Matrix(2, {c, -kI * s, -kI * s, c});
}

Matrix ry(double t) {
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  return Matrix(2, {c, -s, s, c});
}

Matrix rz(double t) {
  return Matrix(2, {std::exp(-kI * t / 2.0), 0, 0, std::exp(kI * t / 2.0)});
}

Matrix swap() {
  return Matrix(4, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1});
}

Matrix rotation(const Matrix &involution, double t) {
  return Complex(std::cos(t / 2)) * identity(involution.dim) +
         (-kI * std::sin(t / 2)) * involution;
}

/// exp(-i t/2 G) for a generator with G^3 = G (eigenvalues 0 and +-1).
Matrix rotationOfGenerator(const Matrix &g, double t) {
  return identity(g.dim) + Complex(std::cos(t / 2) - 1) * (g * g) +
         (-kI * std::sin(t / 2)) * g;
}

/// SingleExcitation's generator, (Y (x) X - X (x) Y) / 2.
Matrix singleExcitationGenerator() {
  return Complex(0.5) *
         (kron(pauliY(), pauliX()) + Complex(-1) * kron(pauliX(), pauliY()));
}

/// DoubleExcitation by its definition on basis states: |0011> -> c|0011> +
/// s|1100>, |1100> -> c|1100> - s|0011>, every other state unchanged.
Matrix doubleExcitation(double t) {
  Matrix m = identity(16);
  const double c = std::cos(t / 2), s = std::sin(t / 2);
  m(3, 3) = c;
  m(12, 12) = c;
  m(12, 3) = s;
  m(3, 12) = -s;
  return m;
}

Matrix gateMatrix(GateKind kind, const std::vector<double> &p, int numWires) {
  switch (kind) {
  case GateKind::Identity:
    return identity(2);
  case GateKind::PauliX:
    return pauliX();
  case GateKind::PauliY:
    return pauliY();
  case GateKind::PauliZ:
    return pauliZ();
  case GateKind::Hadamard:
    return hadamard();
  case GateKind::S:
    return Matrix(2, {1, 0, 0, kI});
  case GateKind::T:
    return Matrix(2, {1, 0, 0, std::exp(kI * kPi / 4.0)});
  case GateKind::PhaseShift:
    return phaseShift(p[0]);
  case GateKind::RX:
    return rx(p[0]);
  case GateKind::RY:
    return ry(p[0]);
  case GateKind::RZ:
    return rz(p[0]);
  case GateKind::Rot:
    return rz(p[2]) * ry(p[1]) * rz(p[0]);
  case GateKind::CNOT:
    return controlled(pauliX());
  case GateKind::CY:
    return controlled(pauliY());
  case GateKind::CZ:
    return controlled(pauliZ());
  case GateKind::SWAP:
    return swap();
  case GateKind::CRX:
    return controlled(rx(p[0]));
  case GateKind::CRY:
    return controlled(ry(p[0]));
  case GateKind::CRZ:
    return controlled(rz(p[0]));
  case GateKind::CRot:
    return controlled(rz(p[2]) * ry(p[1]) * rz(p[0]));
  case GateKind::ControlledPhaseShift:
    return controlled(phaseShift(p[0]));
  case GateKind::IsingXX:
    return rotation(kron(pauliX(), pauliX()), p[0]);
  case GateKind::IsingYY:
    return rotation(kron(pauliY(), pauliY()), p[0]);
  case GateKind::IsingZZ:
    return rotation(kron(pauliZ(), pauliZ()), p[0]);
  case GateKind::MultiRZ: {
    Matrix zs = pauliZ();
    for (int i = 1; i < numWires; ++i)
      zs = kron(zs, pauliZ());
    return rotation(zs, p[0]);
  }
  case GateKind::Toffoli:
    return controlled(controlled(pauliX()));
  case GateKind::CSWAP:
    return controlled(swap());
  case GateKind::SingleExcitation:
    return rotationOfGenerator(singleExcitationGenerator(), p[0]);
  case GateKind::DoubleExcitation:
    return doubleExcitation(p[0]);
  }
  return Matrix(0);
}

Vector randomState(int numQubits, std::mt19937_64 &rng) {
  std::normal_distribution<double> normal;
  Vector v(std::size_t(1) << numQubits);
  double norm = 0;
  for (Complex &x : v) {
    x = {normal(rng), normal(rng)};
    norm += std::norm(x);
  }
  for (Complex &x : v)
    x /= std::sqrt(norm);
  return v;
}

Matrix unitaryWithFirstColumn(const Vector &column, std::mt19937_64 &rng) {
  const std::size_t dim = column.size();
  std::normal_distribution<double> normal;
  std::vector<Vector> columns = {column};
  while (columns.size() < dim) {
    Vector v(dim);
    for (Complex &x : v)
      x = {normal(rng), normal(rng)};
    columns.push_back(v);
  }
  // Gram-Schmidt (modified, twice for stability).
  for (std::size_t j = 0; j < dim; ++j) {
    for (int pass = 0; pass < 2; ++pass)
      for (std::size_t k = 0; k < j; ++k) {
        const Complex overlap = innerProduct(columns[k], columns[j]);
        for (std::size_t i = 0; i < dim; ++i)
          columns[j][i] -= overlap * columns[k][i];
      }
    const double norm = std::sqrt(innerProduct(columns[j], columns[j]).real());
    for (Complex &x : columns[j])
      x /= norm;
  }
  Matrix u(dim);
  for (std::size_t r = 0; r < dim; ++r)
    for (std::size_t c = 0; c < dim; ++c)
      u(r, c) = columns[c][r];
  return u;
}

Matrix randomUnitary(std::size_t dim, std::mt19937_64 &rng) {
  const int numQubits = static_cast<int>(std::log2(static_cast<double>(dim)));
  return unitaryWithFirstColumn(randomState(numQubits, rng), rng);
}

std::vector<int> randomWires(int count, int numQubits, std::mt19937_64 &rng) {
  std::vector<int> all(numQubits);
  std::iota(all.begin(), all.end(), 0);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(count);
  return all;
}

std::vector<double> interleave(const std::vector<Complex> &values) {
  std::vector<double> out;
  for (const Complex &x : values) {
    out.push_back(x.real());
    out.push_back(x.imag());
  }
  return out;
}

Vector deinterleave(const std::vector<double> &values) {
  Vector out;
  for (std::size_t i = 0; i + 1 < values.size(); i += 2)
    out.emplace_back(values[i], values[i + 1]);
  return out;
}

Complex innerProduct(const Vector &a, const Vector &b) {
  Complex sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    sum += std::conj(a[i]) * b[i];
  return sum;
}

double distance(const Vector &a, const Vector &b) {
  assert(a.size() == b.size());
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    d = std::max(d, std::abs(a[i] - b[i]));
  return d;
}

} // namespace reference
