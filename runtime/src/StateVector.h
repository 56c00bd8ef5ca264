//===- StateVector.h - State-vector kernels -------------------------------===//
//
// The loops of the simulator, on a state of 2^numQubits amplitudes where qubit
// q is bit q of an amplitude's index (LSB-first). Callers translate the
// API's "first listed wire is the most significant bit" into bit positions;
// only applyDense, marginalProbabilities and the factorisation kernels take
// an ordered wire list.
//
// Every gate kernel streams through the state in index order, in vectorised
// inner loops.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_STATEVECTOR_H
#define COTANGENT_RUNTIME_STATEVECTOR_H

#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>

namespace cotangent::runtime::kernels {

using Amplitude = std::complex<double>;

/// The bits of `index` at `wires`, the first wire becoming the most
/// significant bit: the outcome of `wires` in basis state `index`.
inline std::size_t gatherBits(std::size_t index, const int64_t *wires,
                              int numWires) {
  std::size_t outcome = 0;
  for (int w = 0; w < numWires; ++w)
    outcome = (outcome << 1) | ((index >> wires[w]) & 1);
  return outcome;
}

/// Applies the row-major 2x2 `matrix` to qubit `target` within the subspace
/// where every qubit in `controls` is 1 (controls = 0: an ordinary 1-qubit
/// gate).
void applyControlled(Amplitude *state, int numQubits, int target,
                     uint64_t controls, const Amplitude matrix[4]);

/// Multiplies, where every qubit in `controls` is 1, each amplitude by
/// `even` or `odd` according to the parity of its bits in `parityBits`.
/// Every diagonal gate has this form (RZ, S, CZ, IsingZZ, MultiRZ, ...).
void applyPhases(Amplitude *state, int numQubits, uint64_t controls,
                 uint64_t parityBits, Amplitude even, Amplitude odd);

/// The vector instruction sets a kernel is compiled for.
enum class VectorISA { Baseline, AVX2, AVX512 };
/// The widest of them that this CPU runs.
VectorISA hostVectorISA();

/// Applies the row-major 2^k x 2^k `matrix` (k >= 2) to `wires` (first = most
/// significant bit of the matrix index) within the subspace where every qubit
/// in `controls` is 1 (DenseGate.cpp), with the kernel compiled for `isa`
/// (which this CPU must run).
void applyDense(Amplitude *state, int numQubits, uint64_t controls,
                const int64_t *wires, int numWires, const Amplitude *matrix,
                VectorISA isa = hostVectorISA());

/// Two basis states of a gate's wires (outcomes, first wire = most
/// significant bit) and the row-major 2x2 `m` that mixes them (`low` first).
struct StatePair {
  std::size_t low, high;
  std::array<Amplitude, 4> m;
};

/// The most pairs applyPairs takes at once (it keeps their lines on the
/// stack).
constexpr int kMaxStatePairs = 2;

/// Applies each of `pairs` (one to kMaxStatePairs, disjoint, every one's `low`
/// and `high` differing in the same bits) to `wires`: where the wires read a
/// pair's `low` or `high`, amplitude pairs that differ only there mix by its
/// matrix; the rest is untouched. SWAP, CSWAP and the excitation gates are
/// one pair; IsingXX and IsingYY two, |00>,|11> and |01>,|10>.
void applyPairs(Amplitude *state, int numQubits, const int64_t *wires,
                int numWires, const StatePair *pairs, int numPairs);

/// <bra| P X^xBits Z^zBits |ket> (the Z factors act first), where P projects
/// onto the states with every qubit of `controls` 1 (xBits must not touch
/// them). With bra = ket and no controls: an expectation value.
Amplitude pauliBilinear(const Amplitude *bra, const Amplitude *ket,
                        int numQubits, uint64_t controls, uint64_t xBits,
                        uint64_t zBits);

/// The adjoint method's step back over a gate on qubit `target` that acts
/// where every qubit in `controls` is 1: returns <lambda| P (x) g |psi>, with
/// P the projector onto the controls being 1 and g the row-major 2x2 on the
/// target, and then applies the row-major 2x2 `m` (the gate's inverse) to
/// both states there. One sweep over the two states.
Amplitude undoTargetGate(Amplitude *psi, Amplitude *lambda, int numQubits,
                         int target, uint64_t controls, const Amplitude m[4],
                         const Amplitude g[4]);

/// <bra| (i|high><low| - i|low><high|) |ket>, where `low` and `high` are
/// outcomes of `wires` (first = most significant bit) and the operator acts
/// as the identity on the other qubits.
Amplitude givensBilinear(const Amplitude *bra, const Amplitude *ket,
                         int numQubits, const int64_t *wires, int numWires,
                         std::size_t low, std::size_t high);

/// out += coefficient * X^xBits Z^zBits |state>.
void addPauliProduct(Amplitude *out, const Amplitude *state, int numQubits,
                     uint64_t xBits, uint64_t zBits, Amplitude coefficient);

/// <a|b>.
Amplitude innerProduct(const Amplitude *a, const Amplitude *b, int numQubits);

/// out[i] = probability of the outcome i of `wires` (first = most significant
/// bit); out has 2^numWires entries.
void marginalProbabilities(const Amplitude *state, int numQubits,
                           const int64_t *wires, int numWires, double *out);

/// Probability that qubit `wire` is 1.
double probabilityOfOne(const Amplitude *state, int numQubits, int wire);

/// Projects qubit `wire` onto `outcome` and multiplies the kept amplitudes by
/// `scale`.
void collapse(Amplitude *state, int numQubits, int wire, bool outcome,
              double scale);

/// Writes to `phi` (2^numWires entries, first wire = most significant bit)
/// the state the wires would have if psi were phi (x) chi, chi on the other
/// qubits, and returns the norm that phi (x) chi captures: 1 (up to rounding)
/// exactly when the wires are in a product state with the others
/// (Factorization.cpp).
double factorState(const Amplitude *state, int numQubits, const int64_t *wires,
                   int numWires, Amplitude *phi);

/// Turns phi (x) chi into |0...0> (x) chi, chi normalised; phi and `captured`
/// are factorState's.
void resetFactor(Amplitude *state, int numQubits, const int64_t *wires,
                 int numWires, const Amplitude *phi, double captured);

} // namespace cotangent::runtime::kernels

#endif // COTANGENT_RUNTIME_STATEVECTOR_H
