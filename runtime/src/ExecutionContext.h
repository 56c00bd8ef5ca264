//===- ExecutionContext.h - The state of one run --------------------------===//
//
// A run (one invoke) owns a device, the handle tables that give compiled code
// opaque integers for registers, qubits and observables, a seeded random
// generator, and the error trap that ends the run. The operations here are
// those of the C ABI with every argument validated: they throw RuntimeError
// and leave the state untouched on a bad argument.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_EXECUTIONCONTEXT_H
#define COTANGENT_RUNTIME_EXECUTIONCONTEXT_H

#include "AdjointMethod.h"
#include "Device.h"
#include "HostCalls.h"
#include "LiveAllocations.h"
#include "Observables.h"
#include "TapeStorage.h"
#include "cotangent/Runtime/Tape.h"

#include <csetjmp>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace cotangent::runtime {

class ExecutionContext {
public:
  ExecutionContext(uint64_t seed, const HostBindings &host,
                   int64_t tapeLimitBytes);
  ~ExecutionContext();
  ExecutionContext(const ExecutionContext &) = delete;
  ExecutionContext &operator=(const ExecutionContext &) = delete;

  /// The context of the run in progress on this thread, or null.
  static ExecutionContext *current();

  /// Makes a context current for the scope's lifetime and then restores the
  /// previous one, so a run started inside a run leaves the outer one intact.
  class Scope {
  public:
    explicit Scope(ExecutionContext &context);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    ExecutionContext *previous_;
  };

  // The C ABI's operations; CApi.h documents them. Handles are indices into
  // this context's tables; a qubit handle is also the qubit's device wire.
  int64_t allocate(int64_t numQubits);
  void deallocate(int64_t reg);
  int64_t extract(int64_t reg, int64_t index);
  int64_t insert(int64_t reg, int64_t index, int64_t qubit);
  void gate(int64_t kind, bool adjoint, const double *params,
            const int64_t *qubits, int64_t numQubits);
  void unitary(const double *matrix, bool adjoint, const int64_t *qubits,
               int64_t numQubits);
  void fusedGates(const int64_t *descriptor, int64_t length,
                  const double *params, const int64_t *qubits,
                  int64_t numQubits, const char *const *gateWhere);
  int64_t namedObservable(int64_t name, int64_t qubit);
  int64_t tensorObservable(const int64_t *observables, int64_t count);
  int64_t hamiltonianObservable(const double *coeffs,
                                const int64_t *observables, int64_t count);
  double expval(int64_t observable);
  double var(int64_t observable);
  void probs(const int64_t *qubits, int64_t numQubits, double *out);
  void state(const int64_t *qubits, int64_t numQubits, double *out) const;
  bool measure(int64_t qubit);

  // The adjoint method: record the gates and measurements from here on;
  // keep the recording and the final state under a handle; later, given the
  // measurements' cotangents, the vector-Jacobian product.
  void beginRecording();
  int64_t stashRecording();
  void resumeGradient(int64_t stash, const double *weights, int64_t numWeights,
                      double *paramCotangents, int64_t numParams);

  // Ending the run on an error (see EntryGuard.h and invoke).
  void setTrap(std::jmp_buf *trap) { trap_ = trap; }
  /// Stores the message, prefixed by the source location `where` if any.
  void recordError(const char *where, const std::string &message);
  /// longjmps to the trap; the caller must hold no object with a destructor.
  [[noreturn]] void jumpToTrap();
  const std::string &error() const { return error_; }

  /// The derivative tape of this run (see cotangent/Runtime/Tape.h).
  CotTape &tape() { return tape_; }
  /// The most bytes the tape may hold.
  int64_t tapeLimitBytes() const { return tapeLimitBytes_; }
  /// The host callbacks of this run and the residuals they keep.
  HostCalls &hostCalls() { return hostCalls_; }
  /// The buffers and residual tapes this run made and has not freed.
  LiveAllocations &liveAllocations() { return liveAllocations_; }

private:
  CotTape tape_;
  int64_t tapeLimitBytes_;
  HostCalls hostCalls_;
  LiveAllocations liveAllocations_;

  struct Register {
    int64_t firstQubit;         ///< Its qubits were allocated as the wires
                                ///< firstQubit, firstQubit+1, ...
    std::vector<int64_t> slots; ///< The qubit handle at each index.
    bool live;
  };

  /// Called when no qubit is live: the device starts afresh, and the
  /// handles issued so far stay invalid (they are below the new bases).
  void releaseDevice();
  void record(GateKind kind, bool adjoint, const double *params, Wires wires);
  void recordMeasurement(MeasurementCotangent measurement);
  int64_t wireOf(int64_t qubit) const { return qubit - qubitBase_; }

  Register &liveRegister(int64_t handle);
  static int64_t checkedIndex(const Register &reg, int64_t index);
  void requireLiveQubit(int64_t qubit) const;
  /// The qubits as wires, after checking that they are live and distinct.
  Wires distinctQubits(const int64_t *qubits, int64_t count,
                       const std::string &user) const;
  std::vector<const Observable *> observableList(const int64_t *handles,
                                                 int64_t count) const;
  /// The observable, after checking that its qubits are still live.
  const Observable &liveObservable(int64_t handle) const;

  std::unique_ptr<Device> device_;
  // Handles count up from each table's base, which moves past every handle
  // issued when the device is released.
  std::vector<Register> registers_; ///< Handle registerBase_ + i.
  std::vector<bool> qubitLive_; ///< By device wire; handle qubitBase_ + wire.
  std::vector<Observable> observables_; ///< Handle observableBase_ + i.
  int64_t registerBase_ = 0, qubitBase_ = 0, observableBase_ = 0;
  mutable std::vector<int64_t> wireScratch_; ///< distinctQubits' result.
  std::optional<CircuitRecording> recording_;
  struct StashedCircuit {
    CircuitRecording recording;
    std::unique_ptr<SavedState> state; ///< Null: replay the recording.
    int64_t numQubits;
  };
  std::vector<std::optional<StashedCircuit>> stashes_; ///< By handle.
  std::vector<int64_t> freeStashes_; ///< Handles whose slot can be reused.
  std::mt19937_64 random_;
  std::jmp_buf *trap_ = nullptr;
  std::string error_;
};

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_EXECUTIONCONTEXT_H
