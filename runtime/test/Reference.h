//===- Reference.h - Independent dense linear algebra for the tests ------===//
//
// The runtime's results are checked against operators built here from the
// textbook formulas, by explicit Kronecker and permutation products on full
// 2^n x 2^n matrices. Nothing here uses the runtime's own gate matrices.
// Qubit j of an n-qubit state is bit n-1-j of an index (qubit 0 is the most
// significant bit), matching the order in which the tests list qubits.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_TEST_REFERENCE_H
#define COTANGENT_RUNTIME_TEST_REFERENCE_H

#include "cotangent/Runtime/GateKind.h"

#include <complex>
#include <cstddef>
#include <random>
#include <vector>

namespace reference {

using Complex = std::complex<double>;
using Vector = std::vector<Complex>;

struct Matrix {
  std::size_t dim = 0;
  std::vector<Complex> data; ///< Row-major.

  explicit Matrix(std::size_t dim) : dim(dim), data(dim * dim) {}
  Matrix(std::size_t dim, std::vector<Complex> rowMajor)
      : dim(dim), data(std::move(rowMajor)) {}
  Complex &operator()(std::size_t r, std::size_t c) {
    return data[r * dim + c];
  }
  Complex operator()(std::size_t r, std::size_t c) const {
    return data[r * dim + c];
  }
};

Matrix identity(std::size_t dim);
Matrix operator*(const Matrix &a, const Matrix &b);
Matrix operator*(Complex s, const Matrix &a);
Matrix operator+(const Matrix &a, const Matrix &b);
Vector operator*(const Matrix &a, const Vector &v);
Matrix kron(const Matrix &a, const Matrix &b);
Matrix dagger(const Matrix &a);
/// |0><0| (x) I + |1><1| (x) u.
Matrix controlled(const Matrix &u);
/// The n-qubit operator of `gate` on `wires` (first wire = most significant
/// bit of the gate's index): P^T (gate (x) I) P, where the permutation P moves
/// the wires to the front.
Matrix embed(const Matrix &gate, const std::vector<int> &wires, int numQubits);

// Gate matrices, from their definitions.
Matrix pauliX();
Matrix pauliY();
Matrix pauliZ();
Matrix hadamard();
Matrix phaseShift(double phi);
Matrix rx(double theta);
Matrix ry(double theta);
Matrix rz(double theta);
Matrix swap();
/// exp(-i t/2 P) = cos(t/2) I - i sin(t/2) P for an involution P.
Matrix rotation(const Matrix &involution, double t);
/// The matrix of a gate of the table on numWires wires.
Matrix gateMatrix(cotangent::runtime::GateKind kind,
                  const std::vector<double> &params, int numWires);

Vector randomState(int numQubits, std::mt19937_64 &rng);
/// A unitary whose first column is `column` (normalised), completed by
/// Gram-Schmidt on random vectors: applied to |0...0> it prepares `column`.
Matrix unitaryWithFirstColumn(const Vector &column, std::mt19937_64 &rng);
Matrix randomUnitary(std::size_t dim, std::mt19937_64 &rng);
/// `count` distinct wires of `numQubits`, in random order.
std::vector<int> randomWires(int count, int numQubits, std::mt19937_64 &rng);

/// Interleaved (re, im) doubles, the C ABI's layout.
std::vector<double> interleave(const std::vector<Complex> &values);
Vector deinterleave(const std::vector<double> &values);

Complex innerProduct(const Vector &a, const Vector &b);
/// max_i |a_i - b_i|.
double distance(const Vector &a, const Vector &b);

} // namespace reference

#endif // COTANGENT_RUNTIME_TEST_REFERENCE_H
