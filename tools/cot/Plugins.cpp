//===- Plugins.cpp - callback plugins loaded by `cot run --load` ----------===//
#include "Plugins.h"

#include <dlfcn.h>
#include <exception>

using namespace cotangent;

std::string cli::loadPlugin(const std::string &path,
                            CallbackRegistry &registry) {
  // dlopen searches the library path for a bare name; a path is meant.
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  void *library = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return "cannot load plugin '" + path + "': " + dlerror();
  using RegisterFunction = void (*)(CallbackRegistry &);
  auto registerCallbacks = reinterpret_cast<RegisterFunction>(
      dlsym(library, "cotangent_register_callbacks"));
  if (!registerCallbacks)
    return "plugin '" + path +
           "' does not export cotangent_register_callbacks (declare it "
           "extern \"C\", see cotangent/API/Callbacks.h)";
  try {
    registerCallbacks(registry);
  } catch (const std::exception &error) {
    return "plugin '" + path +
           "' failed to register its callbacks: " + error.what();
  }
  return "";
}
