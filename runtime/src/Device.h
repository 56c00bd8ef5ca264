//===- Device.h - What the runtime needs from a quantum device -----------===//
//
// The C ABI layer (ExecutionContext) validates handles and arguments and then
// talks to a device through this interface only, so another simulator or a
// hardware backend can replace the state-vector simulator. Wires are device
// qubit indices; in a wire list the first wire is the most significant bit of
// matrices and outputs.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_DEVICE_H
#define COTANGENT_RUNTIME_DEVICE_H

#include "cotangent/Runtime/GateKind.h"

#include <complex>
#include <cstdint>
#include <memory>

namespace cotangent::runtime {

struct Observable;
struct CircuitRecording;

/// A copy of a device's state, kept for a later vectorJacobianProduct.
class SavedState {
public:
  virtual ~SavedState() = default;
};

/// A borrowed list of distinct wires.
struct Wires {
  const int64_t *data;
  int64_t size;
  const int64_t *begin() const { return data; }
  const int64_t *end() const { return data + size; }
  int64_t operator[](int64_t i) const { return data[i]; }
};

class Device {
public:
  virtual ~Device() = default;

  virtual int64_t numQubits() const = 0;
  /// Adds `count` (>= 1) qubits in |0>; returns the wire of the first one.
  /// Throws RuntimeError if they do not fit in memory.
  virtual int64_t allocateQubits(int64_t count) = 0;
  /// Drops every qubit: the device is back to no qubits, wires start at 0.
  virtual void releaseAllQubits() = 0;
  /// If `wires` are in a product state with the other wires, puts them in
  /// |0...0> without changing the others' state, for reuse, and returns true;
  /// otherwise (they are entangled) changes nothing and returns false.
  virtual bool resetWires(Wires wires) = 0;

  /// `params` holds the gate's parameters; the wire count fits the gate.
  virtual void applyGate(GateKind kind, bool adjoint, const double *params,
                         Wires wires) = 0;
  /// A unitary row-major 2^k x 2^k matrix on k wires.
  virtual void applyMatrix(const std::complex<double> *matrix, bool adjoint,
                           Wires wires) = 0;

  virtual double expval(const Observable &observable) const = 0;
  virtual double var(const Observable &observable) const = 0;
  /// out: 2^k outcome probabilities of the k wires.
  virtual void probs(Wires wires, double *out) const = 0;
  /// out: the 2^k amplitudes of the k wires. The device's other wires must be
  /// in a product state with them (RuntimeError otherwise).
  virtual void state(Wires wires, std::complex<double> *out) const = 0;
  /// Measures `wire` in the computational basis and collapses the state;
  /// `uniformSample` in [0, 1) decides the outcome.
  virtual bool measure(int64_t wire, double uniformSample) = 0;

  /// A copy of the current state, or null if it does not fit in memory.
  virtual std::unique_ptr<SavedState> saveState() const = 0;
  /// The adjoint method (AdjointMethod.h) on a recorded circuit whose final
  /// state `saved` holds (null: the state is rebuilt by replaying the
  /// replayable recording on `numQubits` fresh qubits): writes the
  /// derivative of the folded measurement cotangents by each of its
  /// numParams parameters. The device's own state is not used.
  virtual void vectorJacobianProduct(std::unique_ptr<SavedState> saved,
                                     int64_t numQubits,
                                     const CircuitRecording &recording,
                                     double *paramCotangents) = 0;
};

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_DEVICE_H
