//===- LibraryEntry.cpp - what ahead-of-time libraries call ---------------===//
//
// A library made by compileSharedLibrary calls __cot_library_call from each
// exported function: it binds the library's callbacks to processCallbacks()
// on the first call (again on later calls until it succeeds), then runs the
// entry under the runtime like Program::call does. Failures are kept per
// thread for cot_last_error.
//
//===----------------------------------------------------------------------===//
#include "CallbackBinding.h"
#include "OverlappingArguments.h"

#include "cotangent/API/LibraryABI.h"
#include "cotangent/Runtime/Execution.h"

#include <iostream>
#include <mutex>
#include <new>
#include <vector>

using namespace cotangent;

namespace {

thread_local std::string lastError;

std::mutex &bindingMutex() {
  static std::mutex mutex;
  return mutex;
}

/// The library's bound callbacks, binding them first if need be; null (and
/// lastError set) when one cannot be bound.
const ProgramCallbacks *boundCallbacks(CotLibrary &library) {
  std::lock_guard<std::mutex> lock(bindingMutex());
  if (library.binding)
    return static_cast<const ProgramCallbacks *>(library.binding);
  auto callbacks = std::make_unique<ProgramCallbacks>();
  const CallbackRegistry &registry = processCallbacks();
  for (std::size_t i = 0; i < library.numCallbacks; ++i) {
    std::shared_ptr<const CallbackRegistry::Entry> entry =
        registry.find(library.callbackNames[i]);
    if (std::string problem = bindingProblem(library.callbackNames[i],
                                             library.callbackSignatures[i],
                                             entry.get(), registry);
        !problem.empty()) {
      lastError = std::string(library.source) + ": " + problem;
      return nullptr;
    }
    callbacks->add(std::move(entry));
  }
  // Kept for the process's lifetime, like the library's code.
  library.binding = callbacks.release();
  return static_cast<const ProgramCallbacks *>(library.binding);
}

} // namespace

CallbackRegistry &cotangent::processCallbacks() {
  static CallbackRegistry registry;
  return registry;
}

extern "C" int __cot_library_call(void (*entry)(void **), void **buffers,
                                  const size_t *bytes, size_t numArguments,
                                  size_t numBuffers, CotLibrary *library) {
  const ProgramCallbacks *callbacks = boundCallbacks(*library);
  if (!callbacks)
    return COT_UNBOUND;
  std::vector<std::vector<uint64_t>> argumentCopies;
  try {
    argumentCopies = copyArgumentsOverlappingResults(
        {reinterpret_cast<int64_t *const *>(buffers), numBuffers},
        {bytes, numBuffers}, numArguments);
  } catch (const std::bad_alloc &) {
    lastError = "no memory to copy an argument that is also a result";
    return COT_RUNTIME_ERROR;
  }
  StreamPrinter printer(std::cout);
  runtime::RunOptions options{
      std::nullopt,
      {callbacks->table.data(), callbacks->table.size(), &printer}};
  std::optional<std::string> failure = runtime::invoke(entry, buffers, options);
  if (!failure)
    return COT_OK;
  lastError = *failure;
  return COT_RUNTIME_ERROR;
}

extern "C" const char *cot_last_error(void) { return lastError.c_str(); }
