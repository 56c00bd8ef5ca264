//===- Observables.cpp ----------------------------------------------------===//

#include "Observables.h"

#include "RuntimeError.h"

#include <cmath>
#include <string>

namespace cotangent::runtime {

Observable namedObservable(NamedObservable name, int64_t qubit) {
  const uint64_t q = uint64_t(1) << qubit;
  Observable result;
  result.qubits = q;
  switch (name) {
  case NamedObservable::Identity:
    result.terms = {{1.0, 0, 0}};
    break;
  case NamedObservable::PauliX:
    result.terms = {{1.0, q, 0}};
    break;
  case NamedObservable::PauliY:
    result.terms = {{1.0, q, q}};
    break;
  case NamedObservable::PauliZ:
    result.terms = {{1.0, 0, q}};
    break;
  case NamedObservable::Hadamard: // (X + Z) / sqrt(2)
    result.terms = {{1 / std::sqrt(2.0), q, 0}, {1 / std::sqrt(2.0), 0, q}};
    break;
  }
  return result;
}

Observable tensorProduct(const std::vector<const Observable *> &factors) {
  Observable product;
  product.terms = {{1.0, 0, 0}};
  for (const Observable *factor : factors) {
    if (const uint64_t shared = product.qubits & factor->qubits)
      throw RuntimeError("the factors of a tensor product both act on qubit " +
                         std::to_string(__builtin_ctzll(shared)));
    // Words on disjoint qubits multiply by concatenation: (sum a)(sum b) = sum
    // ab.
    std::vector<PauliTerm> terms;
    terms.reserve(product.terms.size() * factor->terms.size());
    for (const PauliTerm &a : product.terms)
      for (const PauliTerm &b : factor->terms)
        terms.push_back({a.coefficient * b.coefficient, a.xBits | b.xBits,
                         a.zBits | b.zBits});
    product.terms = std::move(terms);
    product.qubits |= factor->qubits;
  }
  return product;
}

Observable linearCombination(const double *coefficients,
                             const std::vector<const Observable *> &terms) {
  Observable sum;
  for (size_t i = 0; i < terms.size(); ++i) {
    for (const PauliTerm &term : terms[i]->terms)
      sum.terms.push_back(
          {coefficients[i] * term.coefficient, term.xBits, term.zBits});
    sum.qubits |= terms[i]->qubits;
  }
  return sum;
}

} // namespace cotangent::runtime
