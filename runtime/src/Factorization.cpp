//===- Factorization.cpp - Splitting wires off a product state ------------===//
//
// A set of wires W has a state of its own when psi = phi (x) chi, phi on W and
// chi on the other qubits. Viewing psi as a matrix with one row per
// configuration o of the other qubits and one column per outcome f of W, that
// is rank one. phi is read off the row holding the largest amplitude (the
// row that rounding disturbs least); the overlaps <phi|psi_o> then form chi,
// and the norm they capture says how close psi is to phi (x) chi.
//
//===----------------------------------------------------------------------===//

#include "StateVector.h"

#include <cmath>
#include <vector>

namespace cotangent::runtime::kernels {
namespace {

/// Basis-state index bits of each outcome of `wires` (first wire = most
/// significant bit of the outcome): the inverse of gatherBits.
std::vector<std::size_t> outcomeOffsets(const int64_t *wires, int numWires) {
  std::vector<std::size_t> offsets(std::size_t(1) << numWires, 0);
  for (std::size_t f = 0; f < offsets.size(); ++f)
    for (int w = 0; w < numWires; ++w)
      if ((f >> (numWires - 1 - w)) & 1)
        offsets[f] |= std::size_t(1) << wires[w];
  return offsets;
}

/// Calls visit(o) for every configuration o of the bits in `mask`, as the
/// index with those bits set and every other bit clear, in increasing order.
template <typename Visit> void forEachSubset(uint64_t mask, Visit visit) {
  uint64_t o = 0;
  do {
    visit(o);
    o = (o - mask) & mask;
  } while (o != 0);
}

Amplitude overlap(const Amplitude *state, std::size_t row,
                  const std::vector<std::size_t> &offsets,
                  const Amplitude *phi) {
  Amplitude sum = 0;
  for (std::size_t f = 0; f < offsets.size(); ++f)
    sum += std::conj(phi[f]) * state[row | offsets[f]];
  return sum;
}

} // namespace

double factorState(const Amplitude *state, int numQubits, const int64_t *wires,
                   int numWires, Amplitude *phi) {
  const std::size_t size = std::size_t(1) << numQubits;
  uint64_t wireBits = 0;
  for (int w = 0; w < numWires; ++w)
    wireBits |= uint64_t(1) << wires[w];
  const uint64_t others = (size - 1) & ~wireBits;
  std::size_t largest = 0;
  for (std::size_t b = 1; b < size; ++b)
    if (std::norm(state[b]) > std::norm(state[largest]))
      largest = b;
  const std::size_t row = largest & others;
  const std::vector<std::size_t> offsets = outcomeOffsets(wires, numWires);
  double rowNorm = 0;
  for (std::size_t f = 0; f < offsets.size(); ++f)
    rowNorm += std::norm(state[row | offsets[f]]);
  rowNorm = std::sqrt(rowNorm);
  for (std::size_t f = 0; f < offsets.size(); ++f)
    phi[f] = state[row | offsets[f]] / rowNorm;
  double captured = 0;
  forEachSubset(others, [&](uint64_t o) {
    captured += std::norm(overlap(state, o, offsets, phi));
  });
  return captured;
}

void resetFactor(Amplitude *state, int numQubits, const int64_t *wires,
                 int numWires, const Amplitude *phi, double captured) {
  const std::size_t size = std::size_t(1) << numQubits;
  const std::vector<std::size_t> offsets = outcomeOffsets(wires, numWires);
  const uint64_t others = (size - 1) & ~static_cast<uint64_t>(offsets.back());
  const double scale = 1 / std::sqrt(captured);
  forEachSubset(others, [&](uint64_t o) {
    const Amplitude chi = overlap(state, o, offsets, phi) * scale;
    for (std::size_t offset : offsets)
      state[o | offset] = 0;
    state[o] = chi;
  });
}

} // namespace cotangent::runtime::kernels
