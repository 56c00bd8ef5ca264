//===- HostCalls.cpp - the host callbacks of one run ----------------------===//
#include "HostCalls.h"

#include "RuntimeError.h"

#include <cstring>

namespace cotangent::runtime {
namespace {

/// Runs host code of `callback`; what it throws ends the run with a message
/// naming the callback.
template <typename Body> auto runHost(const HostCallback &callback, Body body) {
  try {
    return body();
  } catch (const std::exception &error) {
    throw RuntimeError("callback @" + callback.name() +
                       " failed: " + error.what());
  } catch (...) {
    throw RuntimeError("callback @" + callback.name() +
                       " failed with an exception that is not a "
                       "std::exception");
  }
}

} // namespace

HostCalls::~HostCalls() {
  for (const Residuals &left : residuals_)
    if (left.callback)
      left.callback->release(left.data);
}

const HostCallback &HostCalls::bound(int64_t id) const {
  if (id < 0 || static_cast<std::size_t>(id) >= bindings_.numCallbacks ||
      !bindings_.callbacks[id])
    throw RuntimeError("callback number " + std::to_string(id) +
                       " is not bound to a host function (the program was "
                       "called without its callbacks)");
  return *bindings_.callbacks[id];
}

int64_t HostCalls::keep(const HostCallback &callback, void *data) {
  if (freeHandles_.empty()) {
    residuals_.push_back({&callback, data});
    return static_cast<int64_t>(residuals_.size() - 1);
  }
  int64_t handle = freeHandles_.back();
  freeHandles_.pop_back();
  residuals_[handle] = {&callback, data};
  return handle;
}

HostCalls::Residuals HostCalls::take(const HostCallback &callback,
                                     int64_t handle) {
  if (handle < 0 || static_cast<std::size_t>(handle) >= residuals_.size() ||
      residuals_[handle].callback != &callback)
    throw RuntimeError("callback @" + callback.name() +
                       ": the reverse call has no residuals of a forward call "
                       "(handle " +
                       std::to_string(handle) + ")");
  Residuals taken = residuals_[handle];
  residuals_[handle] = {};
  freeHandles_.push_back(handle);
  return taken;
}

void HostCalls::call(int64_t id, Invocation invocation, int64_t numArgs,
                     int64_t numResults, void *const *buffers) {
  const HostCallback &callback = bound(id);
  // The counts the compiled call passes, by invocation (HostCallbacks.h).
  auto in = static_cast<int64_t>(callback.numInputs());
  auto out = static_cast<int64_t>(callback.numOutputs());
  bool matches = false;
  switch (invocation) {
  case Invocation::Primal:
    matches = numArgs == in && numResults == out;
    break;
  case Invocation::Forward:
    matches = numArgs == in && numResults == out + 1;
    break;
  case Invocation::Reverse:
    matches = numArgs == 1 + out && numResults == in;
    break;
  case Invocation::Tangent:
    matches = numArgs == 2 * in && numResults == 2 * out;
    break;
  }
  if (!matches) // also an unknown invocation
    throw RuntimeError("callback @" + callback.name() +
                       " is bound to a host "
                       "function with " +
                       std::to_string(in) + " input(s) and " +
                       std::to_string(out) +
                       " output(s), which does not "
                       "match the compiled call");
  switch (invocation) {
  case Invocation::Primal:
    runHost(callback, [&] { callback.primal(buffers); });
    return;
  case Invocation::Forward: {
    void *data = runHost(callback, [&] { return callback.forward(buffers); });
    int64_t handle = keep(callback, data);
    std::memcpy(buffers[numResults + numArgs - 1], &handle, sizeof handle);
    return;
  }
  case Invocation::Reverse: {
    int64_t handle;
    std::memcpy(&handle, buffers[0], sizeof handle);
    Residuals residuals = take(callback, handle);
    runHost(callback, [&] { callback.reverse(residuals.data, buffers + 1); });
    return;
  }
  case Invocation::Tangent:
    runHost(callback, [&] { callback.tangent(buffers); });
    return;
  }
}

void HostCalls::print(HostElement element, const void *data,
                      const int64_t *shape, int64_t rank) const {
  if (!bindings_.printer)
    return;
  try {
    bindings_.printer->print(element, data, shape, rank);
  } catch (const std::exception &error) {
    throw RuntimeError(std::string("callback.print failed: ") + error.what());
  }
}

} // namespace cotangent::runtime
