//===- Passes.td - passes of the compilation pipeline ------*- tablegen -*-===//
#ifndef COTANGENT_PIPELINE_PASSES
#define COTANGENT_PIPELINE_PASSES

include "mlir/Pass/PassBase.td"

def WrapEntryPoints : Pass<"wrap-entry-points", "mlir::ModuleOp"> {
  let summary = "Give every public function a twin that the host can call "
                "with one buffer per argument and per result";
  let description = [{
    For each public, bufferized function `@f` whose arguments and results are
    scalars or static buffers, creates `@_cot_entry_f` taking a buffer for every
    argument (a rank-0 memref for a scalar) followed by a buffer for every
    result. It loads the arguments, calls `@f` and writes the results into the
    result buffers. The twin carries `llvm.emit_c_interface`, so the host calls
    it with one pointer per buffer descriptor.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect",
                           "mlir::func::FuncDialect"];
}

def ReadOnlyEntryArguments
    : Pass<"read-only-entry-arguments", "mlir::ModuleOp"> {
  let summary = "Keep the tensor arguments of public functions unwritten";
  let description = [{
    Marks every tensor argument of a public function
    `bufferization.writable = false`, so that bufferization copies such an
    argument before writing into it, inside the function, and only where it
    does. The host then passes its own arrays, without a copy per call, and
    never sees them change.
  }];
}

def LoadReadArguments : Pass<"load-read-arguments", "mlir::ModuleOp"> {
  let summary = "Read tensor arguments that are only read element by "
                "element through their buffer";
  let description = [{
    A tensor argument of a function whose every use is a `tensor.extract`
    is read through one read-only `bufferization.to_buffer` at the top of
    the function, each extract becoming a `memref.load` from it. Nothing
    else uses such an argument, so nothing aliases or writes it, and the
    bufferized program is the same. One-shot bufferization checks each use
    of a tensor against the uses of everything that may alias it, which is
    quadratic in the uses: a circuit reading its 4,008 angles from one
    tensor argument took 5.5 s to bufferize, and 0.2 s once they are loads.
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::memref::MemRefDialect"];
}

def ContiguousInnerLoops
    : Pass<"contiguous-inner-loops", "mlir::func::FuncOp"> {
  let summary = "Give linalg ops a parallel, contiguous innermost loop";
  let description = [{
    A linalg op whose innermost loop is a reduction (`linalg.matmul` runs
    i-j-k) is interchanged so that the loop along its output's last
    dimension runs innermost (i-k-j), when that loop is parallel and every
    operand that it indexes has it as its last dimension: the innermost
    loop then walks rows, without a carried sum, and vectorises. Every
    output element still sums its terms in the same order, so results are
    bit for bit the same. Named ops so interchanged become `linalg.generic`.
  }];
  // A generalized named op's body is arith arithmetic.
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def HoistInvariantLoads
    : Pass<"hoist-invariant-loads", "mlir::func::FuncOp"> {
  let summary = "Move loads that every iteration repeats out of their loop";
  let description = [{
    MLIR's loop-invariant code motion leaves every `memref.load` where it
    is. This pass moves a load out of an `scf.for` that runs at least once
    (constant bounds) when its buffer and indices come from outside the loop
    and nothing in the loop can write to that buffer: no store, copy or
    other write into the same allocation, nor, for a function argument, into
    anything but the function's own allocations. A call or an op with an
    unknown write keeps every load of its loop in place. The AD engine then
    saves such a value once per outer iteration, not once per inner one.
  }];
}

def BatchCallsInReductions
    : Pass<"batch-calls-in-reductions", "mlir::func::FuncOp"> {
  let summary = "Unroll loops whose carried sums cross library calls, and "
                "make the calls first";
  let description = [{
    No vector or floating-point register survives a call on x86-64 and
    AArch64, so a floating-point value that a loop carries (a running sum)
    is saved and reloaded around every call to the math library (`exp`,
    `log`, `tanh`, ...) in its body, and that round trip lengthens the
    carried chain, which then bounds the loop. An innermost `scf.for`
    whose carried values feed only arithmetic free of memory effects, while
    a math op that becomes a library call does not depend on them, is
    unrolled `factor` times (with a remainder loop), and every op that does
    not depend on a carried value moves above the first that does: the
    calls of `factor` iterations run back to back, and the carried values
    cross them once. Each carried value is computed by the same operations
    in the same order, so results are bit for bit the same.
  }];
  let options = [Option<"factor", "factor", "unsigned", "4",
                        "iterations whose calls are batched">];
}

def CopyRepeatedResults : Pass<"copy-repeated-results", "mlir::ModuleOp"> {
  let summary = "Return a buffer at most once per return";
  let description = [{
    A `func.return` that lists one buffer several times returns a fresh copy
    in each place after the first, so that `buffer-results-to-out-params`
    (which crashes on a repeated buffer) sees distinct results.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def GuardIntegerDivision : Pass<"guard-integer-division", "mlir::ModuleOp"> {
  let summary = "Check every integer division and remainder before it runs";
  let description = [{
    Before each `arith.divsi`, `divui`, `remsi`, `remui`, `ceildivsi`,
    `ceildivui` and `floordivsi` on scalars, inserts a test of the divisor
    (zero) and, for the signed ops, of the overflowing case (the smallest
    value divided by -1); either ends the call with a run-time error at the
    op's location (`__cot_arithmetic_error`) instead of trapping or giving
    garbage. A divisor that is the constant zero, or a constant overflowing
    pair, is a compile error at the op.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def GuardIndices : Pass<"guard-indices", "mlir::ModuleOp"> {
  let summary = "Check every buffer index before a load or store";
  let description = [{
    Before each `memref.load` and `memref.store` (what `tensor.extract` and
    `tensor.insert` bufferize to), tests every index against its dimension
    (unsigned, so a negative index fails too); an index outside ends the
    call with a run-time error at the op's location
    (`__cot_index_error`). Indices the integer range analysis proves inside
    a static dimension (loops over static shapes) get no test. Before each
    `memref.subview` (what `tensor.extract_slice` and `insert_slice`
    become), tests each dimension's slice (offset, size, stride) against
    the source's extent (`__cot_slice_error`), unless proven inside.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def GuardAllocations : Pass<"guard-allocations", "mlir::ModuleOp"> {
  let summary = "Check the size of every buffer before it is allocated";
  let description = [{
    Before each `memref.alloc` with dynamic extents, tests each extent (it
    must not be negative) and the size in bytes (it must not pass 2^63);
    either ends the call with a run-time error at the allocation
    (`__cot_buffer_size_error`) instead of allocating a wrapped-around
    size. A static shape whose size passes 2^63 bytes is a compile error.
    Dynamically sized buffers and static ones of 1 MiB or more first pass
    their location to the runtime (`__cot_allocation_site`), which names it
    if the allocation runs out of memory.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def GuardRecursion : Pass<"guard-recursion", "mlir::ModuleOp"> {
  let summary = "Stop a recursion before it overflows the stack";
  let description = [{
    Every function on a cycle of the call graph (one that can call itself,
    directly or through others) starts with a call of `__cot_stack_check`,
    which ends the call with a run-time error naming the function when the
    calling thread's stack is nearly used up, instead of letting it overflow.
    Other functions are unchanged.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def RejectReservedNames : Pass<"reject-reserved-names", "mlir::ModuleOp"> {
  let summary = "Refuse symbols named like functions the compiled code "
                "calls";
  let description = [{
    Compiled code calls the C math library (`sin`, `cos`, `expf`, ...), the C
    library's memory functions (`memcpy`, `malloc`, ...), the runtime
    (`__cot_*`, `memrefCopy`) and MLIR's helpers (`_mlir_*`, `__mlir_*`) by
    name, and wraps entry points as `_cot_entry_*`; a function or callback
    of the program with one of these names would take their place silently.
    Each such symbol is a compile error at its definition.
  }];
}

def RejectExternalFunctions
    : Pass<"reject-external-functions", "mlir::ModuleOp"> {
  let summary = "Refuse functions declared without a body";
  let description = [{
    A program is compiled on its own: a function declared without a body
    would be looked up among the process's symbols when the code is linked,
    and fail there without a location (or bind to whatever has that name).
    Each such declaration is a compile error at it; host functions are
    declared with `callback.declare`.
  }];
}

def RejectInternalOps : Pass<"reject-internal-ops", "mlir::ModuleOp"> {
  let summary = "Refuse ops that only the compiler makes";
  let description = [{
    The derivative machinery (`gradient.backprop`, `forward`,
    `reverse_call`, `tangent_call`, `tape_push`, `tape_pop`,
    `residuals_*`, `parameter_vjp`), the adjoint method's recording
    (`quantum.adjoint_begin`, `adjoint_stash`, `adjoint_resume`) and
    `callback.invoke` hold invariants that only their producers establish;
    written in a program they are a compile error at the op, naming what to
    write instead.
  }];
}

def RecordNoAliasBuffers : Pass<"record-noalias-buffers", "mlir::ModuleOp"> {
  let summary = "Remember where the data pointers of noalias buffer "
                "arguments will be after lowering to LLVM";
  let description = [{
    Lowering a function to the LLVM dialect expands each buffer argument
    into its descriptor's fields (allocated pointer, data pointer, offset,
    sizes, strides) and drops the argument's `llvm.noalias`. For every
    function with such arguments, this pass records the positions their data
    pointers will take as `cot.noalias_data_pointers`, for
    `noalias-data-pointers` to mark after the lowering.
  }];
}

def NoAliasDataPointers : Pass<"noalias-data-pointers", "mlir::ModuleOp"> {
  let summary = "Mark the data pointers that record-noalias-buffers recorded "
                "llvm.noalias";
  let description = [{
    Every data pointer listed in an `llvm.func`'s
    `cot.noalias_data_pointers` gets `llvm.noalias`, so that LLVM knows the
    buffer's memory is reached through no other pointer of the function: a
    derivative function's loads and stores of its buffers then never clash
    with the tape's fields, and its loops vectorise. Only data pointers are
    marked: the allocated pointer of a buffer argument is never read or
    written through.
  }];
}

#endif
