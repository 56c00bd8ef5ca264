//===- Observables.h - Observables as sums of Pauli words -----------------===//
//
// Every observable the C ABI can build (named, tensor products, Hamiltonians)
// is a real combination of Pauli words, so a device needs only one way to
// measure them: word by word, straight from the state.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_OBSERVABLES_H
#define COTANGENT_RUNTIME_OBSERVABLES_H

#include <complex>
#include <cstdint>
#include <iterator>
#include <vector>

namespace cotangent::runtime {

/// The value of a name is its position in NamedObservables.def.
enum class NamedObservable : int64_t {
#define COT_NAMED_OBS(Name) Name,
#include "cotangent/Runtime/NamedObservables.def"
};

inline constexpr int64_t kNumNamedObservables = 0
#define COT_NAMED_OBS(Name) +1
#include "cotangent/Runtime/NamedObservables.def"
    ;

/// coefficient * (tensor product over qubits q of sigma_q), where sigma_q is
/// X if only xBits has bit q, Z if only zBits has it, Y if both, I if neither.
struct PauliTerm {
  double coefficient;
  uint64_t xBits;
  uint64_t zBits;
};

/// i^(number of Y factors): a word's Y = i X Z, and the kernels apply X^x
/// Z^z.
inline std::complex<double> yPhase(const PauliTerm &term) {
  static const std::complex<double> powers[4] = {
      {1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  return powers[__builtin_popcountll(term.xBits & term.zBits) % 4];
}

struct Observable {
  std::vector<PauliTerm> terms; ///< Summed.
  uint64_t qubits = 0; ///< The qubits it acts on, identity factors included.
};

Observable namedObservable(NamedObservable name, int64_t qubit);

/// The product of factors acting on disjoint qubits (RuntimeError otherwise).
Observable tensorProduct(const std::vector<const Observable *> &factors);

/// sum_i coefficients[i] * terms[i].
Observable linearCombination(const double *coefficients,
                             const std::vector<const Observable *> &terms);

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_OBSERVABLES_H
