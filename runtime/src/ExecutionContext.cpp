//===- ExecutionContext.cpp -----------------------------------------------===//

#include "ExecutionContext.h"

#include <cstdlib>

#include "FusedMatrix.h"
#include "RuntimeError.h"
#include "StateVectorDevice.h"
#include "cotangent/Runtime/GateKind.h"
#include "cotangent/Runtime/MemoryInfo.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>

namespace cotangent::runtime {
namespace {

thread_local ExecutionContext *currentContext = nullptr;

/// Largest |(U U^dagger)_rc - delta_rc| of a row-major dim x dim complex matrix
/// given as interleaved doubles.
double unitarityDefect(const double *matrix, size_t dim) {
  const auto *u = reinterpret_cast<const std::complex<double> *>(matrix);
  double defect = 0;
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c) {
      std::complex<double> dot = 0;
      for (size_t k = 0; k < dim; ++k)
        dot += u[r * dim + k] * std::conj(u[c * dim + k]);
      defect = std::max(defect, std::abs(dot - (r == c ? 1.0 : 0.0)));
    }
  return defect;
}

std::string formatDouble(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

} // namespace

ExecutionContext::ExecutionContext(uint64_t seed, const HostBindings &host,
                                   int64_t tapeLimitBytes)
    : tape_(acquireTape()), tapeLimitBytes_(tapeLimitBytes),
      stack_(ThreadStack::ofThisThread()),
      recursionLimit_(stack_.recursionLimit()), hostCalls_(host),
      device_(makeStateVectorDevice()), seed_(seed) {}

ExecutionContext::~ExecutionContext() { releaseTape(tape_); }

int64_t ExecutionContext::tapeLimitBytes() {
  // By default half the memory available, so that a derivative that never
  // ends (a loop under grad) stops with an error before the machine runs
  // out; read when first needed, since reading it costs more than a small
  // call.
  if (tapeLimitBytes_ <= 0)
    tapeLimitBytes_ = static_cast<int64_t>(
        std::min<uint64_t>(availableMemoryBytes() / 2, INT64_MAX));
  return tapeLimitBytes_;
}

ExecutionContext *ExecutionContext::current() { return currentContext; }

ExecutionContext::Scope::Scope(ExecutionContext &context)
    : previous_(currentContext) {
  currentContext = &context;
}

ExecutionContext::Scope::~Scope() { currentContext = previous_; }

int64_t ExecutionContext::allocate(int64_t numQubits) {
  if (numQubits <= 0)
    throw RuntimeError("cannot allocate " + std::to_string(numQubits) +
                       " qubits: the count must be positive");
  // Reused wires first; the device grows only by the rest.
  const int64_t reused =
      std::min(numQubits, static_cast<int64_t>(freeWires_.size()));
  const int64_t fresh = numQubits - reused;
  const int64_t firstFresh = fresh > 0 ? device_->allocateQubits(fresh) : 0;
  wireInUse_.resize(device_->numQubits(), false);
  const int64_t first = static_cast<int64_t>(qubitWire_.size());
  Register reg{first, std::vector<int64_t>(numQubits), true};
  for (int64_t i = 0; i < numQubits; ++i) {
    int64_t wire;
    if (i < reused) {
      wire = freeWires_.back();
      freeWires_.pop_back();
    } else {
      wire = firstFresh + (i - reused);
    }
    wireInUse_[wire] = true;
    qubitWire_.push_back(wire);
    reg.slots[i] = qubitBase_ + first + i;
  }
  registers_.push_back(std::move(reg));
  return registerBase_ + static_cast<int64_t>(registers_.size()) - 1;
}

void ExecutionContext::deallocate(int64_t handle) {
  Register &reg = liveRegister(handle);
  reg.live = false;
  for (size_t i = 0; i < reg.slots.size(); ++i) {
    int64_t &wire = qubitWire_[reg.firstQubit + i];
    wireInUse_[wire] = false;
    releasedWires_.push_back(wire);
    wire = -1;
  }
  std::vector<int64_t>().swap(reg.slots); // a loop may deallocate millions
  if (!recording_)
    reclaimReleasedWires();
}

void ExecutionContext::reclaimReleasedWires() {
  if (std::find(wireInUse_.begin(), wireInUse_.end(), true) ==
      wireInUse_.end()) {
    releaseDevice();
    return;
  }
  if (releasedWires_.empty())
    return;
  // Entangled wires cannot be reset without disturbing the live qubits: they
  // stay unused until the device starts afresh.
  if (device_->resetWires(
          {releasedWires_.data(), static_cast<int64_t>(releasedWires_.size())}))
    freeWires_.insert(freeWires_.end(), releasedWires_.begin(),
                      releasedWires_.end());
  releasedWires_.clear();
}

void ExecutionContext::releaseDevice() {
  device_->releaseAllQubits();
  registerBase_ += static_cast<int64_t>(registers_.size());
  qubitBase_ += static_cast<int64_t>(qubitWire_.size());
  observableBase_ += static_cast<int64_t>(observables_.size());
  registers_.clear();
  qubitWire_.clear();
  wireInUse_.clear();
  freeWires_.clear();
  releasedWires_.clear();
  observables_.clear();
}

int64_t ExecutionContext::extract(int64_t handle, int64_t index) {
  Register &reg = liveRegister(handle);
  return reg.slots[checkedIndex(reg, index)];
}

int64_t ExecutionContext::insert(int64_t handle, int64_t index, int64_t qubit) {
  Register &reg = liveRegister(handle);
  const int64_t slot = checkedIndex(reg, index);
  requireLiveQubit(qubit);
  reg.slots[slot] = qubit;
  return handle;
}

void ExecutionContext::gate(int64_t kind, bool adjoint, const double *params,
                            const int64_t *qubits, int64_t numQubits) {
  if (!isGateKind(kind))
    throw RuntimeError("unknown gate kind " + std::to_string(kind));
  const GateInfo &info = gateInfo(static_cast<GateKind>(kind));
  if (info.numWires == 0 && numQubits < 1)
    throw RuntimeError(std::string("gate ") + info.name +
                       " needs at least 1 qubit but got " +
                       std::to_string(numQubits));
  if (info.numWires != 0 && numQubits != info.numWires)
    throw RuntimeError(std::string("gate ") + info.name + " acts on " +
                       std::to_string(info.numWires) + " qubits but got " +
                       std::to_string(numQubits));
  const Wires wires =
      distinctQubits(qubits, numQubits, std::string("gate ") + info.name);
  device_->applyGate(static_cast<GateKind>(kind), adjoint, params, wires);
  if (recording_)
    record(static_cast<GateKind>(kind), adjoint, params, wires);
}

void ExecutionContext::record(GateKind kind, bool adjoint, const double *params,
                              Wires wires) {
  CircuitRecording &r = *recording_;
  const GateInfo &info = gateInfo(kind);
  auto add = [&](GateKind factor, int param) {
    RecordedOperation op;
    op.kind = factor;
    op.adjoint = adjoint;
    op.wires.assign(wires.begin(), wires.end());
    if (param >= 0) {
      op.param = params[param];
      op.paramIndex = r.numParams + param;
    }
    r.operations.push_back(std::move(op));
  };
  if (info.generator.form == Generator::Form::Composite) {
    // Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi); CRot likewise.
    const bool controlled = kind == GateKind::CRot;
    const GateKind z = controlled ? GateKind::CRZ : GateKind::RZ;
    const GateKind y = controlled ? GateKind::CRY : GateKind::RY;
    if (adjoint) {
      add(z, 2), add(y, 1), add(z, 0);
    } else {
      add(z, 0), add(y, 1), add(z, 2);
    }
  } else {
    add(kind, info.numParams == 1 ? 0 : -1);
  }
  r.numParams += info.numParams;
}

void ExecutionContext::unitary(const double *matrix, bool adjoint,
                               const int64_t *qubits, int64_t numQubits) {
  if (numQubits < 1)
    throw RuntimeError("unitary needs at least 1 qubit but got " +
                       std::to_string(numQubits));
  const Wires wires = distinctQubits(qubits, numQubits, "unitary");
  const double defect = unitarityDefect(matrix, size_t(1) << numQubits);
  if (!(defect <= 1e-8))
    throw RuntimeError(
        "the matrix given to unitary is not unitary: U U^dagger differs from "
        "the identity by up to " +
        formatDouble(defect));
  const auto *entries = reinterpret_cast<const std::complex<double> *>(matrix);
  device_->applyMatrix(entries, adjoint, wires);
  if (recording_) {
    RecordedOperation op;
    op.adjoint = adjoint;
    const size_t dim = size_t(1) << numQubits;
    op.matrix.assign(entries, entries + dim * dim);
    op.wires.assign(wires.begin(), wires.end());
    recording_->operations.push_back(std::move(op));
  }
}

void ExecutionContext::fusedGates(const int64_t *descriptor, int64_t length,
                                  const double *params, const int64_t *qubits,
                                  int64_t numQubits,
                                  const char *const *gateWhere) {
  std::vector<FusedGate> gates;
  int64_t numParams = 0;
  const std::string problem =
      decodeFusedGates(descriptor, length, numQubits, gates, numParams);
  if (!problem.empty())
    throw RuntimeError("fused gates: " + problem);
  std::vector<int64_t> wires;
  try {
    const Wires blockWires = distinctQubits(qubits, numQubits, "fused gates");
    wires.assign(blockWires.begin(), blockWires.end());
  } catch (const RuntimeError &) {
    // An invalid handle, or one qubit reached through two handles: gate by
    // gate, as written, each failing (or not) where it would unfused.
    std::vector<int64_t> handles;
    for (size_t i = 0; i < gates.size(); ++i) {
      const FusedGate &g = gates[i];
      handles.clear();
      for (int64_t slot : g.slots)
        handles.push_back(qubits[slot]);
      try {
        gate(static_cast<int64_t>(g.kind), g.adjoint, params + g.firstParam,
             handles.data(), static_cast<int64_t>(handles.size()));
      } catch (const RuntimeError &error) {
        throw LocatedRuntimeError(gateWhere[i], error.what());
      }
    }
    return;
  }
  const std::vector<std::complex<double>> matrix =
      fusedMatrix(gates, params, static_cast<int>(numQubits));
  device_->applyMatrix(matrix.data(), false,
                       {wires.data(), static_cast<int64_t>(wires.size())});
  if (!recording_)
    return;
  // The adjoint method differentiates the gates, not the block.
  std::vector<int64_t> gateWires;
  for (const FusedGate &g : gates) {
    gateWires.clear();
    for (int64_t slot : g.slots)
      gateWires.push_back(wires[slot]);
    record(g.kind, g.adjoint, params + g.firstParam,
           {gateWires.data(), static_cast<int64_t>(gateWires.size())});
  }
}

int64_t ExecutionContext::namedObservable(int64_t name, int64_t qubit) {
  if (name < 0 || name >= kNumNamedObservables)
    throw RuntimeError("unknown named observable " + std::to_string(name));
  requireLiveQubit(qubit);
  observables_.push_back(
      {runtime::namedObservable(static_cast<NamedObservable>(name),
                                wireOf(qubit)),
       {qubit}});
  return observableBase_ + static_cast<int64_t>(observables_.size()) - 1;
}

int64_t ExecutionContext::tensorObservable(const int64_t *handles,
                                           int64_t count) {
  if (count < 1)
    throw RuntimeError("a tensor product needs at least one observable");
  const std::vector<const Observable *> factors =
      observableList(handles, count);
  // Checked by handle: a wire may have served an earlier qubit.
  std::vector<int64_t> seen;
  for (int64_t i = 0; i < count; ++i)
    for (int64_t qubit : observables_[handles[i] - observableBase_].qubits) {
      if (std::find(seen.begin(), seen.end(), qubit) != seen.end())
        throw RuntimeError(
            "the factors of a tensor product both act on qubit " +
            std::to_string(qubit));
      seen.push_back(qubit);
    }
  observables_.push_back({tensorProduct(factors), qubitsOf(handles, count)});
  return observableBase_ + static_cast<int64_t>(observables_.size()) - 1;
}

int64_t ExecutionContext::hamiltonianObservable(const double *coeffs,
                                                const int64_t *handles,
                                                int64_t count) {
  if (count < 1)
    throw RuntimeError("a Hamiltonian needs at least one term");
  Observable sum = linearCombination(coeffs, observableList(handles, count));
  observables_.push_back({std::move(sum), qubitsOf(handles, count)});
  return observableBase_ + static_cast<int64_t>(observables_.size()) - 1;
}

double ExecutionContext::expval(int64_t observable) {
  const Observable &o = liveObservable(observable);
  recordMeasurement({MeasurementCotangent::Kind::Expval, o, 0, {}, {}});
  return device_->expval(o);
}

double ExecutionContext::var(int64_t observable) {
  const Observable &o = liveObservable(observable);
  recordMeasurement({MeasurementCotangent::Kind::Var, o, 0, {}, {}});
  return device_->var(o);
}

void ExecutionContext::probs(const int64_t *qubits, int64_t numQubits,
                             double *out) {
  const Wires wires = distinctQubits(qubits, numQubits, "probs");
  recordMeasurement({MeasurementCotangent::Kind::Probs,
                     {},
                     0,
                     std::vector<int64_t>(wires.begin(), wires.end()),
                     {}});
  device_->probs(wires, out);
}

void ExecutionContext::state(const int64_t *qubits, int64_t numQubits,
                             double *out) const {
  const Wires wires = distinctQubits(qubits, numQubits, "state");
  const int64_t numLive =
      std::count(wireInUse_.begin(), wireInUse_.end(), true);
  if (numQubits != numLive)
    throw RuntimeError("state must list every live qubit of the device (" +
                       std::to_string(numLive) + ") but got " +
                       std::to_string(numQubits));
  device_->state(wires, reinterpret_cast<std::complex<double> *>(out));
}

bool ExecutionContext::measure(int64_t qubit) {
  requireLiveQubit(qubit);
  if (recording_)
    throw RuntimeError("a mid-circuit measurement cannot be differentiated "
                       "by the adjoint method");
  // 53 random bits: uniform in [0, 1), the same for a seed on every platform.
  if (!random_)
    random_.emplace(seed_);
  const double sample = static_cast<double>((*random_)() >> 11) * 0x1p-53;
  return device_->measure(wireOf(qubit), sample);
}

void ExecutionContext::beginRecording() {
  if (recording_)
    throw RuntimeError("a circuit is recorded for the adjoint method while "
                       "another one is");
  recording_.emplace();
  recording_->replayable = device_->numQubits() == 0;
}

void ExecutionContext::recordMeasurement(MeasurementCotangent measurement) {
  if (recording_)
    recording_->cotangents.push_back(std::move(measurement));
}

int64_t ExecutionContext::stashRecording() {
  if (!recording_)
    throw RuntimeError("adjoint_stash needs a circuit recorded for the "
                       "adjoint method");
  StashedCircuit stashed{std::move(*recording_), device_->saveState(),
                         device_->numQubits()};
  recording_.reset();
  reclaimReleasedWires();
  if (!stashed.state && !stashed.recording.replayable)
    throw RuntimeError("the circuit's state does not fit in memory twice, and "
                       "it started on qubits in use, so the adjoint method "
                       "can neither keep nor rebuild it");
  int64_t handle;
  if (freeStashes_.empty()) {
    handle = static_cast<int64_t>(stashes_.size());
    stashes_.emplace_back();
  } else {
    handle = freeStashes_.back();
    freeStashes_.pop_back();
  }
  stashes_[handle] = std::move(stashed);
  return handle;
}

void ExecutionContext::resumeGradient(int64_t stash, const double *weights,
                                      int64_t numWeights,
                                      double *paramCotangents,
                                      int64_t numParams) {
  if (stash < 0 || stash >= static_cast<int64_t>(stashes_.size()) ||
      !stashes_[stash])
    throw RuntimeError("unknown recorded circuit " + std::to_string(stash));
  StashedCircuit stashed = std::move(*stashes_[stash]);
  stashes_[stash].reset();
  freeStashes_.push_back(stash);
  CircuitRecording &r = stashed.recording;
  int64_t expected = 0;
  for (const MeasurementCotangent &m : r.cotangents)
    expected += m.numWeights();
  if (expected != numWeights || r.numParams != numParams)
    throw RuntimeError(
        "the recorded circuit has " + std::to_string(r.cotangents.size()) +
        " measurement(s) taking " + std::to_string(expected) +
        " cotangent(s) and " + std::to_string(r.numParams) +
        " gate parameter(s), but its gradient was given " +
        std::to_string(numWeights) + " and " + std::to_string(numParams));
  for (MeasurementCotangent &m : r.cotangents) {
    if (m.kind == MeasurementCotangent::Kind::Probs)
      m.weights.assign(weights, weights + m.numWeights());
    else
      m.weight = *weights;
    weights += m.numWeights();
  }
  device_->vectorJacobianProduct(std::move(stashed.state), stashed.numQubits, r,
                                 paramCotangents);
}

void ExecutionContext::recursionTooDeep(const char *function) const {
  throw RuntimeError("recursion too deep: " + std::string(function) +
                     " has used up the " +
                     formatBytes(static_cast<double>(stack_.size)) +
                     " stack of the calling thread");
}

void ExecutionContext::recordError(const char *where,
                                   const std::string &message) {
  error_ = where && *where ? std::string(where) + ": " + message : message;
}

void ExecutionContext::jumpToTrap() { std::longjmp(*trap_, 1); }

ExecutionContext::Register &ExecutionContext::liveRegister(int64_t handle) {
  const int64_t index = handle - registerBase_;
  if (handle < 0 || index >= static_cast<int64_t>(registers_.size()))
    throw RuntimeError("unknown register handle " + std::to_string(handle));
  if (index < 0 || !registers_[index].live)
    throw RuntimeError("register handle " + std::to_string(handle) +
                       " is used after it was deallocated");
  return registers_[index];
}

int64_t ExecutionContext::checkedIndex(const Register &reg, int64_t index) {
  const int64_t size = static_cast<int64_t>(reg.slots.size());
  if (index < 0 || index >= size)
    throw RuntimeError("qubit index " + std::to_string(index) +
                       " is outside a register of " + std::to_string(size) +
                       " qubits");
  return index;
}

void ExecutionContext::requireLiveQubit(int64_t qubit) const {
  const int64_t index = qubit - qubitBase_;
  if (qubit < 0 || index >= static_cast<int64_t>(qubitWire_.size()))
    throw RuntimeError("unknown qubit handle " + std::to_string(qubit));
  if (index < 0 || qubitWire_[index] < 0)
    throw RuntimeError("qubit handle " + std::to_string(qubit) +
                       " is used after its register was deallocated");
}

Wires ExecutionContext::distinctQubits(const int64_t *qubits, int64_t count,
                                       const std::string &user) const {
  if (count < 0)
    throw RuntimeError(user + " got a negative qubit count " +
                       std::to_string(count));
  wireScratch_.clear();
  uint64_t seen = 0; // wires are below 60: larger states never fit in memory
  for (int64_t i = 0; i < count; ++i) {
    requireLiveQubit(qubits[i]);
    const uint64_t bit = uint64_t(1) << wireOf(qubits[i]);
    if (seen & bit)
      throw RuntimeError("qubit handle " + std::to_string(qubits[i]) +
                         " appears twice in " + user);
    seen |= bit;
    wireScratch_.push_back(wireOf(qubits[i]));
  }
  return {wireScratch_.data(), count};
}

std::vector<const Observable *>
ExecutionContext::observableList(const int64_t *handles, int64_t count) const {
  std::vector<const Observable *> list;
  for (int64_t i = 0; i < count; ++i)
    list.push_back(&liveObservable(handles[i]));
  return list;
}

const Observable &ExecutionContext::liveObservable(int64_t handle) const {
  const int64_t index = handle - observableBase_;
  if (handle < 0 || index >= static_cast<int64_t>(observables_.size()))
    throw RuntimeError("unknown observable handle " + std::to_string(handle));
  if (index < 0)
    throw RuntimeError("observable handle " + std::to_string(handle) +
                       " is used after its qubits were deallocated");
  const HeldObservable &held = observables_[index];
  for (int64_t qubit : held.qubits)
    if (qubitWire_[qubit - qubitBase_] < 0)
      throw RuntimeError("observable handle " + std::to_string(handle) +
                         " acts on qubit " + std::to_string(qubit) +
                         ", whose register was deallocated");
  return held.observable;
}

std::vector<int64_t> ExecutionContext::qubitsOf(const int64_t *observables,
                                                int64_t count) const {
  std::vector<int64_t> qubits;
  for (int64_t i = 0; i < count; ++i) {
    const std::vector<int64_t> &its =
        observables_[observables[i] - observableBase_].qubits;
    qubits.insert(qubits.end(), its.begin(), its.end());
  }
  std::sort(qubits.begin(), qubits.end());
  qubits.erase(std::unique(qubits.begin(), qubits.end()), qubits.end());
  return qubits;
}

} // namespace cotangent::runtime
