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

/// The message of the exception being handled; call only inside a catch block.
std::string currentExceptionMessage();

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_RUNTIMEERROR_H
