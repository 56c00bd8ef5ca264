//===- CallbackBinding.cpp - a program bound to its host callbacks --------===//
#include "CallbackBinding.h"

#include "EntryPoints.h"

#include "cotangent/Callback/IR/CallbackOps.h"

#include <cstring>
#include <stdexcept>

using namespace cotangent;

namespace {

std::size_t byteSize(const ArrayType &type) {
  return static_cast<std::size_t>(type.numElements()) *
         elementSize(type.element);
}

std::string joinedNames(const CallbackRegistry &registry) {
  std::string text;
  for (const std::string &name : registry.names())
    text += (text.empty() ? "@" : ", @") + name;
  return text.empty() ? "none" : text;
}

} // namespace

void BoundCallback::primal(void *const *buffers) const {
  const CallbackSignature &signature = entry_->signature;
  entry_->primal(
      CallbackInputs(buffers, signature.inputs, "input"),
      CallbackOutputs(buffers + numInputs(), signature.outputs, "output"));
}

void *BoundCallback::forward(void *const *buffers) const {
  if (!entry_->gradient)
    throw std::logic_error("it has no gradient");
  const CallbackSignature &signature = entry_->signature;
  return entry_->gradient->forward(
      CallbackInputs(buffers, signature.inputs, "input"),
      CallbackOutputs(buffers + numInputs(), signature.outputs, "output"));
}

void BoundCallback::reverse(void *residuals, void *const *buffers) const {
  const CallbackSignature &signature = entry_->signature;
  void *const *inputCotangents = buffers + numOutputs();
  for (std::size_t i = 0; i < numInputs(); ++i)
    std::memset(inputCotangents[i], 0, byteSize(signature.inputs[i]));
  entry_->gradient->reverse(
      residuals, CallbackInputs(buffers, signature.outputs, "output cotangent"),
      CallbackOutputs(inputCotangents, signature.inputs, "input cotangent"));
}

void BoundCallback::release(void *residuals) const {
  entry_->gradient->release(residuals);
}

void BoundCallback::tangent(void *const *buffers) const {
  const CallbackSignature &signature = entry_->signature;
  void *const *outputs = buffers + 2 * numInputs();
  for (std::size_t i = 0; i < numOutputs(); ++i)
    std::memset(outputs[numOutputs() + i], 0, byteSize(signature.outputs[i]));
  entry_->gradient->jvp(
      CallbackInputs(buffers, signature.inputs, "input"),
      CallbackInputs(buffers + numInputs(), signature.inputs, "input tangent"),
      CallbackOutputs(outputs, signature.outputs, "output"),
      CallbackOutputs(outputs + numOutputs(), signature.outputs,
                      "output tangent"));
}

void StreamPrinter::print(runtime::HostElement element, const void *data,
                          const int64_t *shape, int64_t rank) const {
  static constexpr ElementType kElements[] = {
      ElementType::F64, ElementType::F32, ElementType::I64, ElementType::I1};
  Array value(ArrayType{kElements[static_cast<int64_t>(element)],
                        std::vector<int64_t>(shape, shape + rank)});
  std::memcpy(value.data(), data, byteSize(value.type()));
  out_ << toJson(value) << "\n";
}

std::vector<DeclaredCallback>
cotangent::declaredCallbacks(mlir::ModuleOp module) {
  std::vector<DeclaredCallback> declared;
  for (auto declaration : module.getOps<callback::DeclareOp>()) {
    DeclaredCallback callback{declaration.getSymName().str(), {}};
    mlir::FunctionType type = declaration.getFunctionType();
    // The verifier admits host types only.
    for (mlir::Type input : type.getInputs())
      callback.signature.inputs.push_back(*hostType(input));
    for (mlir::Type output : type.getResults())
      callback.signature.outputs.push_back(*hostType(output));
    declared.push_back(std::move(callback));
  }
  return declared;
}

void cotangent::assumeHostGradients(mlir::ModuleOp module) {
  for (auto declaration : module.getOps<callback::DeclareOp>())
    declaration.setHostGradient(declaration.getFunctionType().getNumResults() >
                                0);
}

std::string cotangent::bindingProblem(std::string_view name,
                                      std::string_view declaredSignature,
                                      const CallbackRegistry::Entry *entry,
                                      const CallbackRegistry &registry) {
  std::string callback = "callback @" + std::string(name);
  if (!entry)
    return callback + " is not registered by the host (registered: " +
           joinedNames(registry) + ")";
  std::string registered = entry->signature.str();
  if (declaredSignature != registered)
    return callback + " is declared " + std::string(declaredSignature) +
           " but the host registered it as " + registered;
  return "";
}

mlir::FailureOr<ProgramCallbacks>
cotangent::bindCallbacks(mlir::ModuleOp module,
                         const CallbackRegistry *registry) {
  ProgramCallbacks callbacks;
  CallbackRegistry none;
  const CallbackRegistry &available = registry ? *registry : none;
  std::vector<DeclaredCallback> declared = declaredCallbacks(module);
  auto declarations = module.getOps<callback::DeclareOp>();
  bool failed = false;
  for (auto [callback, declaration] : llvm::zip(declared, declarations)) {
    std::shared_ptr<const CallbackRegistry::Entry> entry =
        available.find(callback.name);
    if (std::string problem = bindingProblem(
            callback.name, callback.signature.str(), entry.get(), available);
        !problem.empty()) {
      declaration.emitError(problem);
      failed = true;
      continue;
    }
    if (entry->gradient) {
      declaration.setHostGradient(true);
      declaration.setHostJvp(static_cast<bool>(entry->gradient->jvp));
    }
    callbacks.add(std::move(entry));
  }
  if (failed)
    return mlir::failure();
  return callbacks;
}
