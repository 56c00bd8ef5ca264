//===- Symbols.cpp - The JIT's symbol map, checked against the ABI table --===//
//
// Both the map and the type checks come from RuntimeABI.def: a function the
// table lists but the runtime does not declare, or declares with another
// type, fails to compile here.
//
//===----------------------------------------------------------------------===//

#include "cotangent/Runtime/BufferAllocator.h"
#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/Execution.h"
#include "cotangent/Runtime/MemRefCopy.h"
#include "cotangent/Runtime/Residuals.h"
#include "cotangent/Runtime/RuntimeABI.h"
#include "cotangent/Runtime/Tape.h"

#include <type_traits>

namespace cotangent::runtime {
namespace {

/// The table's word for the C type T; void (no word) for a type the ABI
/// does not use, which makes any signature holding it ill-formed.
template <typename T> constexpr auto abiWord() {
  if constexpr (std::is_void_v<T>)
    return abi::Void{};
  else if constexpr (std::is_pointer_v<T>)
    return abi::Ptr{};
  else if constexpr (std::is_same_v<T, double>)
    return abi::F64{};
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 8)
    return abi::I64{};
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 1)
    return abi::I8{};
}
template <typename T> using AbiWord = decltype(abiWord<T>());

/// The type of a C function in the table's vocabulary.
template <typename F> struct AbiSignature;
template <typename R, typename... Args> struct AbiSignature<R(Args...)> {
  using type = AbiWord<R>(AbiWord<Args>...);
};

#define COT_RUNTIME_FUNCTION(Id, Symbol, Function, Result, Params)             \
  static_assert(std::is_same_v<AbiSignature<decltype(Function)>::type,         \
                               abi::Signature<RuntimeFunction::Id>::type>,     \
                #Function " does not have the type RuntimeABI.def gives it");
#include "cotangent/Runtime/RuntimeABI.def"

} // namespace

const std::vector<Symbol> &symbols() {
  static const std::vector<Symbol> table = {
#define COT_RUNTIME_FUNCTION(Id, Symbol, Function, Result, Params)             \
  {#Symbol, reinterpret_cast<void *>(&Function)},
#include "cotangent/Runtime/RuntimeABI.def"
  };
  return table;
}

} // namespace cotangent::runtime
