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
#include "ThreadStack.h"
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
  /// `tapeLimitBytes` 0: half the memory available when the tape first
  /// grows.
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
  // this context's tables, never reused within a run (a qubit's device wire
  // is: deallocated qubits' wires serve later allocations).
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
  int64_t tapeLimitBytes();
  /// The lowest address a recursive function of compiled code may start at.
  uintptr_t recursionLimit() const { return recursionLimit_; }
  /// Throws the error of a recursion in `function` that reached the limit.
  [[noreturn]] void recursionTooDeep(const char *function) const;
  /// The host callbacks of this run and the residuals they keep.
  HostCalls &hostCalls() { return hostCalls_; }
  /// The buffers and residual tapes this run made and has not freed.
  LiveAllocations &liveAllocations() { return liveAllocations_; }

private:
  CotTape tape_;
  int64_t tapeLimitBytes_;
  ThreadStack stack_;
  uintptr_t recursionLimit_;
  HostCalls hostCalls_;
  LiveAllocations liveAllocations_;

  struct Register {
    int64_t firstQubit;         ///< Its qubits got the handle indices
                                ///< firstQubit, firstQubit+1, ...
    std::vector<int64_t> slots; ///< The qubit handle at each index.
    bool live;
  };
  /// An observable and the qubit handles it was built on, which must still be
  /// live when it is measured (their wires may since serve other qubits).
  struct HeldObservable {
    Observable observable;
    std::vector<int64_t> qubits;
  };

  /// Called when no qubit is live: the device starts afresh, and the
  /// handles issued so far stay invalid (they are below the new bases).
  void releaseDevice();
  /// Makes the wires of deallocated qubits reusable: all of them if no qubit
  /// is live, else those in a product state with the live ones (reset to
  /// |0>). Wires released while a circuit is recorded wait for its end,
  /// because the adjoint method replays the recording on fresh qubits.
  void reclaimReleasedWires();
  void record(GateKind kind, bool adjoint, const double *params, Wires wires);
  void recordMeasurement(MeasurementCotangent measurement);
  int64_t wireOf(int64_t qubit) const { return qubitWire_[qubit - qubitBase_]; }

  Register &liveRegister(int64_t handle);
  static int64_t checkedIndex(const Register &reg, int64_t index);
  void requireLiveQubit(int64_t qubit) const;
  /// The qubits as wires, after checking that they are live and distinct.
  Wires distinctQubits(const int64_t *qubits, int64_t count,
                       const std::string &user) const;
  std::vector<const Observable *> observableList(const int64_t *handles,
                                                 int64_t count) const;
  /// The qubits the (live) observables act on, each once.
  std::vector<int64_t> qubitsOf(const int64_t *observables,
                                int64_t count) const;
  /// The observable, after checking that its qubits are still live.
  const Observable &liveObservable(int64_t handle) const;

  std::unique_ptr<Device> device_;
  // Handles count up from each table's base, which moves past every handle
  // issued when the device is released.
  std::vector<Register> registers_; ///< Handle registerBase_ + i.
  /// The wire of qubit handle qubitBase_ + i; -1 once it is deallocated.
  std::vector<int64_t> qubitWire_;
  std::vector<bool> wireInUse_;             ///< By device wire.
  std::vector<int64_t> freeWires_;          ///< Unused wires in |0>.
  std::vector<int64_t> releasedWires_;      ///< Awaiting reclaimReleasedWires.
  std::vector<HeldObservable> observables_; ///< Handle observableBase_ + i.
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
  // Seeded at the first measurement: most runs measure nothing, and seeding
  // fills 312 words.
  uint64_t seed_;
  std::optional<std::mt19937_64> random_;
  std::jmp_buf *trap_ = nullptr;
  std::string error_;
};

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_EXECUTIONCONTEXT_H
