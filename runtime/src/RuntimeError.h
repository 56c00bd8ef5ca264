//===- RuntimeError.h - Errors raised inside a run ------------------------===//
//
// Runtime code reports a user-facing error by throwing RuntimeError; the entry
// point that compiled code called catches it (see EntryGuard.h), so no
// exception ever unwinds through compiled code.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_RUNTIMEERROR_H
#define COTANGENT_RUNTIME_RUNTIMEERROR_H

#include <stdexcept>
#include <string>

namespace cotangent::runtime {

class RuntimeError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A RuntimeError of one operation among several that one entry point
/// applies (a gate of a fused block): reported at that operation's source
/// location instead of the entry point's.
class LocatedRuntimeError : public RuntimeError {
public:
  LocatedRuntimeError(const char *where, const std::string &message)
      : RuntimeError(message), where_(where) {}
  const char *where() const { return where_; }

private:
  const char *where_;
};

/// The message of the exception being handled; call only inside a catch block.
std::string currentExceptionMessage();

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_RUNTIMEERROR_H
