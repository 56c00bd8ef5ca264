//===- Plugins.h - callback plugins loaded by `cot run --load` --*- C++ -*-===//
#ifndef COTANGENT_TOOLS_COT_PLUGINS_H
#define COTANGENT_TOOLS_COT_PLUGINS_H

#include "cotangent/API/Callbacks.h"

#include <string>

namespace cotangent::cli {

/// Loads the shared library at `path` (it stays loaded until the process
/// ends) and lets its cotangent_register_callbacks add to `registry`.
/// Returns an error message, or "" on success.
std::string loadPlugin(const std::string &path, CallbackRegistry &registry);

} // namespace cotangent::cli

#endif
