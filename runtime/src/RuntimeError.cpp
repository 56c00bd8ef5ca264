//===- RuntimeError.cpp ---------------------------------------------------===//

#include "RuntimeError.h"

#include <exception>
#include <new>

namespace cotangent::runtime {

std::string currentExceptionMessage() {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    // what() of bad_alloc ("std::bad_alloc") means nothing to a user.
    return "out of memory";
  } catch (const std::exception &error) {
    return error.what();
  } catch (...) {
    return "unknown error";
  }
}

} // namespace cotangent::runtime
