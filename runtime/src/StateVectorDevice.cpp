//===- StateVectorDevice.cpp ----------------------------------------------===//
//
// Maps device operations onto the kernels of StateVector.h: gates through
// their GateOperator form, observables word by word.
//
//===----------------------------------------------------------------------===//

#include "StateVectorDevice.h"

#include "AdjointMethod.h"
#include "AlignedBuffer.h"
#include "ApplyOperator.h"
#include "GateMatrices.h"
#include "cotangent/Runtime/MemoryInfo.h"
#include "Observables.h"
#include "RuntimeError.h"
#include "StateVector.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace cotangent::runtime {
namespace {

using kernels::Amplitude;

/// The norm a product state may miss by rounding (see factorState).
constexpr double kProductTolerance = 1e-8;

struct SavedAmplitudes final : SavedState {
  AlignedBuffer<Amplitude> amplitudes;
};

class StateVectorDevice final : public Device {
public:
  StateVectorDevice() : amplitudes_(1) { amplitudes_[0] = 1.0; }

  int64_t numQubits() const override { return numQubits_; }

  void releaseAllQubits() override {
    amplitudes_ = AlignedBuffer<Amplitude>(1);
    amplitudes_[0] = 1.0;
    numQubits_ = 0;
  }

  bool resetWires(Wires wires) override {
    std::vector<Amplitude> phi(dimension(wires.size));
    const int k = static_cast<int>(wires.size);
    const double captured = kernels::factorState(amplitudes_.data(), numQubits_,
                                                 wires.data, k, phi.data());
    if (captured < 1 - kProductTolerance)
      return false;
    kernels::resetFactor(amplitudes_.data(), numQubits_, wires.data, k,
                         phi.data(), captured);
    return true;
  }

  std::unique_ptr<SavedState> saveState() const override {
    // Keep a copy only if it leaves room for the backward sweep's second
    // state vector.
    const double bytes = 16.0 * static_cast<double>(amplitudes_.size());
    if (3 * bytes > static_cast<double>(availableMemoryBytes()))
      return nullptr;
    auto saved = std::make_unique<SavedAmplitudes>();
    saved->amplitudes = AlignedBuffer<Amplitude>(amplitudes_.size());
    std::copy(amplitudes_.data(), amplitudes_.data() + amplitudes_.size(),
              saved->amplitudes.data());
    return saved;
  }

  void vectorJacobianProduct(std::unique_ptr<SavedState> saved,
                             int64_t numQubits,
                             const CircuitRecording &recording,
                             double *paramCotangents) override {
    AlignedBuffer<Amplitude> state;
    if (saved) {
      state = std::move(static_cast<SavedAmplitudes &>(*saved).amplitudes);
    } else {
      requireMemoryFor(numQubits - numQubits_);
      state = AlignedBuffer<Amplitude>(dimension(numQubits));
      state[0] = 1.0;
      replayRecording(state.data(), static_cast<int>(numQubits), recording);
    }
    adjointVectorJacobianProduct(state.data(), static_cast<int>(numQubits),
                                 recording, paramCotangents);
  }

  int64_t allocateQubits(int64_t count) override {
    requireMemoryFor(count);
    const int64_t first = numQubits_;
    // The new qubits are the high bits, so the old state is the |0...0> block.
    AlignedBuffer<Amplitude> grown(dimension(numQubits_ + count));
    std::copy(amplitudes_.data(), amplitudes_.data() + amplitudes_.size(),
              grown.data());
    amplitudes_ = std::move(grown);
    numQubits_ += count;
    return first;
  }

  void applyGate(GateKind kind, bool adjoint, const double *params,
                 Wires wires) override {
    applyOperator(amplitudes_.data(), numQubits_,
                  gateOperator(kind, params, adjoint), wires);
  }

  void applyMatrix(const std::complex<double> *matrix, bool adjoint,
                   Wires wires) override {
    applyOperator(amplitudes_.data(), numQubits_,
                  matrixOperator(matrix, static_cast<int>(wires.size), adjoint),
                  wires);
  }

  double expval(const Observable &observable) const override {
    double sum = 0;
    for (const PauliTerm &term : observable.terms) {
      if (term.xBits == 0 &&
          term.zBits == 0) { // identity; the state is normalised
        sum += term.coefficient;
        continue;
      }
      const Amplitude word =
          kernels::pauliBilinear(amplitudes_.data(), amplitudes_.data(),
                                 numQubits_, 0, term.xBits, term.zBits);
      sum += term.coefficient * (yPhase(term) * word).real();
    }
    return sum;
  }

  double var(const Observable &observable) const override {
    // With phi = O psi and O Hermitian: <O> = <psi|phi> and <O^2> = <phi|phi>.
    AlignedBuffer<Amplitude> phi(amplitudes_.size());
    for (const PauliTerm &term : observable.terms)
      kernels::addPauliProduct(phi.data(), amplitudes_.data(), numQubits_,
                               term.xBits, term.zBits,
                               term.coefficient * yPhase(term));
    const double mean =
        kernels::innerProduct(amplitudes_.data(), phi.data(), numQubits_)
            .real();
    const double square =
        kernels::innerProduct(phi.data(), phi.data(), numQubits_).real();
    return square - mean * mean;
  }

  void probs(Wires wires, double *out) const override {
    kernels::marginalProbabilities(amplitudes_.data(), numQubits_, wires.data,
                                   static_cast<int>(wires.size), out);
  }

  void state(Wires wires, std::complex<double> *out) const override;

  bool measure(int64_t wire, double uniformSample) override {
    const int w = static_cast<int>(wire);
    const double pOne =
        kernels::probabilityOfOne(amplitudes_.data(), numQubits_, w);
    const bool one = uniformSample < pOne;
    kernels::collapse(amplitudes_.data(), numQubits_, w, one,
                      1 / std::sqrt(one ? pOne : 1 - pOne));
    return one;
  }

private:
  static size_t dimension(int64_t numQubits) { return size_t(1) << numQubits; }

  /// Refuses, before allocating, a state vector (16 bytes per amplitude) larger
  /// than the available memory; no 2^n is formed that could overflow.
  void requireMemoryFor(int64_t count) const {
    const uint64_t total = uint64_t(numQubits_) + uint64_t(count);
    const uint64_t available = availableMemoryBytes();
    if (total < 60 && (uint64_t(16) << total) <= available)
      return;
    const std::string needed =
        total + 4 < 70 ? formatBytes(std::ldexp(16.0, static_cast<int>(total)))
                       : "2^" + std::to_string(total + 4) + " bytes";
    const std::string what = numQubits_ == 0
                                 ? std::to_string(count) + " qubits"
                                 : std::to_string(count) + " more qubits (" +
                                       std::to_string(total) + " in total)";
    throw RuntimeError("cannot allocate " + what + ": the state vector needs " +
                       needed + " but only " +
                       formatBytes(static_cast<double>(available)) +
                       " of memory is available");
  }

  AlignedBuffer<Amplitude> amplitudes_; ///< 2^numQubits_; qubit q is bit q.
  int numQubits_ = 0;
};

void StateVectorDevice::state(Wires wires, std::complex<double> *out) const {
  const size_t size = amplitudes_.size();
  const int k = static_cast<int>(wires.size);
  if ((size - 1) == wireMask(wires.data, wires.size)) {
    for (size_t b = 0; b < size; ++b)
      out[kernels::gatherBits(b, wires.data, k)] = amplitudes_[b];
    return;
  }
  if (kernels::factorState(amplitudes_.data(), numQubits_, wires.data, k, out) <
      1 - kProductTolerance)
    throw RuntimeError(
        "the " + std::to_string(k) +
        " qubits are entangled with the device's other qubits, so they "
        "have no state vector of their own");
}

} // namespace

std::unique_ptr<Device> makeStateVectorDevice() {
  return std::make_unique<StateVectorDevice>();
}

} // namespace cotangent::runtime
