//===- RejectReservedNames.cpp - names the compiled code calls ------------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

namespace cotangent {
#define GEN_PASS_DEF_REJECTRESERVEDNAMES
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Functions of the C library that the lowering (convert-math-to-libm) and
/// LLVM's code generation (memory intrinsics) call by name.
const llvm::StringSet<> &libraryNames() {
  static const llvm::StringSet<> names = [] {
    llvm::StringSet<> set;
    for (const char *math :
         {"sin",   "cos",   "tan",      "asin",  "acos",      "atan",
          "atan2", "sinh",  "cosh",     "tanh",  "asinh",     "acosh",
          "atanh", "exp",   "exp2",     "expm1", "log",       "log2",
          "log10", "log1p", "pow",      "sqrt",  "cbrt",      "erf",
          "erfc",  "fabs",  "floor",    "ceil",  "round",     "roundeven",
          "trunc", "fmod",  "hypot",    "rint",  "nearbyint", "fma",
          "fmin",  "fmax",  "copysign", "ldexp", "frexp"}) {
      set.insert(math);
      set.insert(std::string(math) + "f");
    }
    for (const char *c : {"memcpy", "memmove", "memset", "memcmp", "malloc",
                          "calloc", "realloc", "free", "aligned_alloc",
                          "posix_memalign", "abort", "exit", "memrefCopy"})
      set.insert(c);
    return set;
  }();
  return names;
}

/// Why `name` is reserved, or null.
const char *reservation(StringRef name) {
  if (libraryNames().contains(name))
    return "a C library function the compiled code calls";
  for (StringRef prefix : {"__cot_", "_cot_entry_", "_mlir_", "__mlir_"})
    if (name.starts_with(prefix))
      return "the prefix of the runtime's and the compiler's own functions";
  return nullptr;
}

struct RejectReservedNames
    : cotangent::impl::RejectReservedNamesBase<RejectReservedNames> {
  void runOnOperation() override {
    bool failed = false;
    for (Operation &op : getOperation().getOps()) {
      auto name =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!name)
        continue;
      if (const char *why = reservation(name.getValue())) {
        op.emitError("the name @")
            << name.getValue() << " is reserved (" << why << "); rename it";
        failed = true;
      }
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
