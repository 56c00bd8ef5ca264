//===- RuntimeABI.h - The runtime functions compiled code calls -*- C++ -*-===//
//
// Header-only and free of LLVM and MLIR, so both the runtime and the compiler
// read RuntimeABI.def through it. Each function's type is a function type
// over the tag types of namespace abi, e.g. abi::I64(abi::I64, abi::Ptr):
// the runtime checks its C functions against it, the compiler turns it into
// an LLVM-dialect type (cotangent/Support/RuntimeABI.h).
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_RUNTIMEABI_H
#define COTANGENT_RUNTIME_RUNTIMEABI_H

#include <cstddef>

namespace cotangent::runtime {

enum class RuntimeFunction {
#define COT_RUNTIME_FUNCTION(Id, Symbol, Function, Result, Params) Id,
#include "cotangent/Runtime/RuntimeABI.def"
};

/// The name compiled code calls `function` by.
constexpr const char *runtimeSymbol(RuntimeFunction function) {
  constexpr const char *symbols[] = {
#define COT_RUNTIME_FUNCTION(Id, Symbol, Function, Result, Params) #Symbol,
#include "cotangent/Runtime/RuntimeABI.def"
  };
  return symbols[static_cast<std::size_t>(function)];
}

namespace abi {

// The type vocabulary of the table: the machine-level types LLVM sees, so
// every C pointer type is Ptr and signedness does not matter.
struct Void {};
struct I8 {};
struct I64 {};
struct F64 {};
struct Ptr {};

/// Signature<F>::type is the function type the table gives F.
template <RuntimeFunction F> struct Signature;
#define COT_RUNTIME_FUNCTION(Id, Symbol, Function, Result, Params)             \
  template <> struct Signature<RuntimeFunction::Id> {                          \
    using type = Result Params;                                                \
  };
#include "cotangent/Runtime/RuntimeABI.def"

} // namespace abi
} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_RUNTIMEABI_H
