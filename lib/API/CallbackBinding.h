//===- CallbackBinding.h - a program bound to its host callbacks -*- C++
//-*-===//
#ifndef COTANGENT_LIB_API_CALLBACKBINDING_H
#define COTANGENT_LIB_API_CALLBACKBINDING_H

#include "cotangent/API/Callbacks.h"
#include "cotangent/Runtime/HostCallbacks.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <ostream>

namespace cotangent {

struct CallbackRegistry::Entry {
  std::string name;
  CallbackSignature signature;
  CallbackFunction primal;
  std::optional<ErasedGradient> gradient;
};

/// A registered function as the runtime calls it for one program.
class BoundCallback final : public runtime::HostCallback {
public:
  explicit BoundCallback(std::shared_ptr<const CallbackRegistry::Entry> entry)
      : entry_(std::move(entry)) {}
  const std::string &name() const override { return entry_->name; }
  std::size_t numInputs() const override {
    return entry_->signature.inputs.size();
  }
  std::size_t numOutputs() const override {
    return entry_->signature.outputs.size();
  }
  void primal(void *const *buffers) const override;
  void *forward(void *const *buffers) const override;
  void reverse(void *residuals, void *const *buffers) const override;
  void release(void *residuals) const override;
  void tangent(void *const *buffers) const override;

private:
  std::shared_ptr<const CallbackRegistry::Entry> entry_;
};

/// callback.print's lines, written to a stream.
class StreamPrinter final : public runtime::ValuePrinter {
public:
  explicit StreamPrinter(std::ostream &out) : out_(out) {}
  void print(runtime::HostElement element, const void *data,
             const int64_t *shape, int64_t rank) const override;

private:
  std::ostream &out_;
};

/// A callback as the program declares it.
struct DeclaredCallback {
  std::string name;
  CallbackSignature signature;
};

/// The callback declarations of `module`, by id (their order).
std::vector<DeclaredCallback> declaredCallbacks(mlir::ModuleOp module);

/// For binding at load time, when the host's functions are unknown: marks
/// every declaration with results as having a host gradient.
void assumeHostGradients(mlir::ModuleOp module);

/// Why callback `name`, declared with `declaredSignature` (as
/// CallbackSignature::str spells it), cannot be bound to `entry` (null: not
/// registered in `registry`), or "" when it can.
std::string bindingProblem(std::string_view name,
                           std::string_view declaredSignature,
                           const CallbackRegistry::Entry *entry,
                           const CallbackRegistry &registry);

/// The host functions of one program, by callback id (the declarations'
/// order, as specialize-callbacks numbers them).
struct ProgramCallbacks {
  std::vector<std::unique_ptr<BoundCallback>> bound;
  std::vector<const runtime::HostCallback *> table;

  /// Binds the next id to `entry`.
  void add(std::shared_ptr<const CallbackRegistry::Entry> entry) {
    bound.push_back(std::make_unique<BoundCallback>(std::move(entry)));
    table.push_back(bound.back().get());
  }
};

/// Binds every callback.declare of `module` to the function `registry` (may
/// be null) holds under its name, and marks the declarations whose function
/// has a gradient (`host_gradient`) and a JVP (`host_jvp`). Reports, at the
/// declaration, a name the host never registered and a signature that differs
/// from the registered one.
mlir::FailureOr<ProgramCallbacks>
bindCallbacks(mlir::ModuleOp module, const CallbackRegistry *registry);

} // namespace cotangent

#endif
