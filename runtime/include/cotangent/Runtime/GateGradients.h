//===- GateGradients.h - How a gate's matrix depends on its parameters ----===//
//
// The two gradient columns of Gates.def: a gate's generator, which the
// adjoint method applies, and its parameter-shift rule. Header-only, like
// GateKind.h.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_GATEGRADIENTS_H
#define COTANGENT_RUNTIME_GATEGRADIENTS_H

#include <cstddef>
#include <iterator>

namespace cotangent::runtime {

/// For Form::Exponential, U(t) = exp(-i t/2 G) with
///   G = scale * |1..1><1..1| (x) word:
/// the projector acts on the first numControls wires (the controls of a
/// controlled rotation, or every wire of a phase gate) and the Pauli letters
/// of `word` on the remaining wires in order. A gate of any number of wires
/// has a one-letter word, meaning that letter on every wire.
struct Generator {
  enum class Form {
    None,        ///< no parameters
    Exponential, ///< one parameter, U(t) = exp(-i t/2 G)
    /// A product of exponential gates, one per parameter (Rot(phi, theta,
    /// omega) = RZ(omega) RY(theta) RZ(phi), CRot its controlled form):
    /// differentiated parameter by parameter through that product.
    Composite,
    /// One parameter, U(t) = exp(-i t/2 G) with G = i|high><low| -
    /// i|low><high| on two basis states of the gate's wires (a Givens
    /// rotation: the excitation gates).
    Givens,
  };
  Form form;
  double scale = 0;
  int numControls = 0;
  const char *word = "";
  /// For Form::Givens: the two basis states, as indices into the gate's
  /// matrix (first wire most significant).
  int low = 0, high = 0;

  static constexpr Generator none() { return {Form::None}; }
  static constexpr Generator composite() { return {Form::Composite}; }
  static constexpr Generator pauli(const char *word) {
    return {Form::Exponential, 1, 0, word};
  }
  static constexpr Generator controlled(int numControls, const char *word) {
    return {Form::Exponential, 1, numControls, word};
  }
  /// diag(1, ..., 1, e^{it}) on numWires wires: G = -2 |1..1><1..1|.
  static constexpr Generator phase(int numWires) {
    return {Form::Exponential, -2, numWires, ""};
  }
  static constexpr Generator givens(int low, int high) {
    return {Form::Givens, 1, 0, "", low, high};
  }
};

/// The parameter-shift rule of each of a gate's parameters (the others held
/// fixed): df/dt = sum over its terms of coefficient * f(t + shift) for any
/// expectation value f. The rule follows from the distinct differences of
/// the eigenvalues of G/2: {1} (eigenvalues +-1/2) gives the two-term rule,
/// {1/2, 1} (eigenvalues 0, +-1/2: controlled rotations, Givens rotations) the
/// four-term one.
enum class ShiftRule { None, TwoTerm, FourTerm };

struct ShiftTerm {
  double shift;
  double coefficient;
};

namespace detail {
constexpr double kHalfPi = 1.57079632679489661923;
constexpr double kInvSqrt2 = 0.70710678118654752440;
// (sqrt 2 + 1) / (4 sqrt 2) and (sqrt 2 - 1) / (4 sqrt 2).
constexpr double kNear = (1 + kInvSqrt2) / 4, kFar = (1 - kInvSqrt2) / 4;
inline constexpr ShiftTerm kTwoTerm[] = {{kHalfPi, 0.5}, {-kHalfPi, -0.5}};
inline constexpr ShiftTerm kFourTerm[] = {{kHalfPi, kNear},
                                          {-kHalfPi, -kNear},
                                          {3 * kHalfPi, -kFar},
                                          {-3 * kHalfPi, kFar}};
} // namespace detail

struct ShiftTerms {
  const ShiftTerm *first = nullptr;
  std::size_t count = 0;
  constexpr const ShiftTerm *begin() const { return first; }
  constexpr const ShiftTerm *end() const { return first + count; }
  constexpr std::size_t size() const { return count; }
};

constexpr ShiftTerms shiftTerms(ShiftRule rule) {
  switch (rule) {
  case ShiftRule::None:
    break;
  case ShiftRule::TwoTerm:
    return {detail::kTwoTerm, std::size(detail::kTwoTerm)};
  case ShiftRule::FourTerm:
    return {detail::kFourTerm, std::size(detail::kFourTerm)};
  }
  return {};
}

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_GATEGRADIENTS_H
