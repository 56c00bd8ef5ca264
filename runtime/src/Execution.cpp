//===- Execution.cpp - Running compiled code with error capture ----------===//

#include "cotangent/Runtime/Execution.h"

#include "ExecutionContext.h"
#include "RuntimeError.h"
#include "cotangent/Runtime/BufferAllocator.h"
#include "cotangent/Runtime/CApi.h"
#include "cotangent/Runtime/MemRefCopy.h"
#include "cotangent/Runtime/Residuals.h"
#include "cotangent/Runtime/Tape.h"

#include <csetjmp>
#include <random>

namespace cotangent::runtime {
namespace {

uint64_t freshSeed() {
  std::random_device device;
  return (uint64_t(device()) << 32) ^ device();
}

/// Calls fn(args); returns false if an entry point ended the run by jumping
/// back here. Kept apart from invoke and free of objects with destructors,
/// since the longjmp lands in this frame.
bool callWithTrap(ExecutionContext &context, PackedFunction fn, void **args) {
  std::jmp_buf trap;
  context.setTrap(&trap);
  if (setjmp(trap) != 0)
    return false;
  fn(args);
  return true;
}

} // namespace

std::optional<std::string> invoke(PackedFunction fn, void **args,
                                  const RunOptions &options,
                                  RunReport *report) {
  ExecutionContext context(options.seed ? *options.seed : freshSeed());
  ExecutionContext::Scope scope(context);
  bool completed = false;
  try {
    completed = callWithTrap(context, fn, args);
  } catch (...) {
    // fn is host code that called fail() (or threw) directly, not through an
    // entry point.
    context.recordError(nullptr, currentExceptionMessage());
  }
  if (report)
    report->tapePeakBytes = context.tape().peak;
  if (completed)
    return std::nullopt;
  return context.error();
}

void fail(const std::string &message) { throw RuntimeError(message); }

const std::vector<Symbol> &symbols() {
  static const std::vector<Symbol> table = {
#define COT_SYMBOL(name) {#name, reinterpret_cast<void *>(&name)}
      COT_SYMBOL(__cot_alloc),
      COT_SYMBOL(__cot_dealloc),
      COT_SYMBOL(__cot_extract),
      COT_SYMBOL(__cot_insert),
      COT_SYMBOL(__cot_gate),
      COT_SYMBOL(__cot_unitary),
      COT_SYMBOL(__cot_named_obs),
      COT_SYMBOL(__cot_tensor_obs),
      COT_SYMBOL(__cot_hamiltonian_obs),
      COT_SYMBOL(__cot_expval),
      COT_SYMBOL(__cot_var),
      COT_SYMBOL(__cot_probs),
      COT_SYMBOL(__cot_state),
      COT_SYMBOL(__cot_measure),
      COT_SYMBOL(__cot_tape),
      COT_SYMBOL(__cot_tape_grow),
      COT_SYMBOL(memrefCopy),
      COT_SYMBOL(__cot_residuals_create),
      COT_SYMBOL(__cot_residuals_free),
      COT_SYMBOL(__cot_residuals_put_f64),
      COT_SYMBOL(__cot_residuals_get_f64),
      COT_SYMBOL(__cot_residuals_put_f32),
      COT_SYMBOL(__cot_residuals_get_f32),
#undef COT_SYMBOL
      // Compiled code's buffers: memref.alloc and memref.dealloc lower to
      // MLIR's generic allocation functions (not malloc/free, which LLVM
      // would rewrite, e.g. malloc + memset into calloc).
      {"_mlir_memref_to_llvm_alloc",
       reinterpret_cast<void *>(&__cot_buffer_alloc)},
      {"_mlir_memref_to_llvm_free",
       reinterpret_cast<void *>(&__cot_buffer_free)},
  };
  return table;
}

} // namespace cotangent::runtime
