//===- HostCalls.h - the host callbacks of one run --------------*- C++ -*-===//
//
// Dispatches __cot_callback and __cot_print to the run's bindings and keeps
// the residuals of forward calls under integer handles until their reverse
// call; whatever is left when the run ends (an error, or a forward sweep
// whose reverse never ran) is released then.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_RUNTIME_HOSTCALLS_H
#define COTANGENT_RUNTIME_HOSTCALLS_H

#include "cotangent/Runtime/HostCallbacks.h"

#include <vector>

namespace cotangent::runtime {

class HostCalls {
public:
  explicit HostCalls(const HostBindings &bindings) : bindings_(bindings) {}
  ~HostCalls();
  HostCalls(const HostCalls &) = delete;
  HostCalls &operator=(const HostCalls &) = delete;

  void call(int64_t id, Invocation invocation, int64_t numArgs,
            int64_t numResults, void *const *buffers);
  void print(HostElement element, const void *data, const int64_t *shape,
             int64_t rank) const;

private:
  struct Residuals {
    const HostCallback *callback = nullptr; ///< null: the slot is free
    void *data = nullptr;
  };
  const HostCallback &bound(int64_t id) const;
  int64_t keep(const HostCallback &callback, void *data);
  Residuals take(const HostCallback &callback, int64_t handle);

  HostBindings bindings_;
  std::vector<Residuals> residuals_; ///< By handle.
  std::vector<int64_t> freeHandles_;
};

} // namespace cotangent::runtime

#endif
