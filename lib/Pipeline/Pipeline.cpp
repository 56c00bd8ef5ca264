//===- Pipeline.cpp - THE compilation pipeline, as a list of stages -------===//
//
// This file is the single place that says what runs, in which order. Each
// stage is a textual pass pipeline, so `cot run --print-pipeline` shows exactly
// what runs and `cot-opt` can replay any stage.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Pipeline.h"

#include "cotangent/Callback/IR/CallbackDialect.h"
#include "cotangent/Callback/Transforms/BufferizableOpInterfaceImpl.h"
#include "cotangent/Callback/Transforms/CallbackToLLVM.h"
#include "cotangent/Callback/Transforms/Passes.h"
#include "cotangent/Gradient/IR/GradientDialect.h"
#include "cotangent/Gradient/Transforms/BufferizableOpInterfaceImpl.h"
#include "cotangent/Gradient/Transforms/Passes.h"
#include "cotangent/Gradient/Transforms/TapeToLLVM.h"
#include "cotangent/Pipeline/Passes.h"
#include "cotangent/Quantum/IR/QuantumDialect.h"
#include "cotangent/Quantum/Transforms/BufferizableOpInterfaceImpl.h"
#include "cotangent/Quantum/Transforms/Passes.h"
#include "cotangent/Quantum/Transforms/QuantumToLLVM.h"

#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/IR/MemRefMemorySlot.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
const cotangent::PipelineStage kStages[] = {
    {"check-source",
     "refuse ops only the compiler makes, functions without a body, and "
     "symbols named like the functions compiled code calls",
     "reject-internal-ops,reject-external-functions,reject-reserved-names"},
    {"specialize-callbacks",
     "every host callback becomes a function of its own calling the "
     "runtime's callback entry, with the host's gradient as its custom "
     "gradient",
     "specialize-callbacks"},
    {"lower-gradients",
     "grad, value_and_grad, jvp and vjp become reverse sweeps, forward sweeps "
     "or finite differences",
     "lower-gradients"},
    {"simplify", "canonicalize and remove common subexpressions",
     "canonicalize,cse"},
    {"bufferize",
     "tensors become buffers, across function boundaries; public functions "
     "copy a tensor argument before writing into it; arguments only read "
     "element by element are read from their buffers",
     "read-only-entry-arguments,load-read-arguments,"
     "func.func(convert-elementwise-to-linalg),"
     "one-shot-bufferize{bufferize-function-boundaries "
     "function-boundary-type-conversion=identity-layout-map "
     "allow-return-allocs-from-loops},canonicalize"},
    {"wrap-entry-points",
     "public functions get host-callable twins taking one buffer per value",
     "wrap-entry-points"},
    {"destination-passing",
     "functions write buffer results into buffers their callers pass",
     "copy-repeated-results,buffer-results-to-out-params{hoist-static-allocs "
     "modify-public-functions}"},
    {"order-loops",
     "linalg ops whose innermost loop would be a reduction run a parallel "
     "loop along their rows innermost instead (matmul i-k-j), so that it "
     "vectorises; every sum keeps its order",
     "func.func(contiguous-inner-loops)"},
    {"optimize-before-AD",
     "inlining, promotion of memory to values, loop-invariant code motion "
     "and hoisting of loads every iteration repeats, so derivatives are "
     "simpler and faster (optional)",
     "func.func(convert-linalg-to-loops),inline,canonicalize,cse,mem2reg,"
     "loop-invariant-code-motion,func.func(hoist-invariant-loads),"
     "canonicalize",
     cotangent::PipelineStage::Switch::OptimizeBeforeAD},
    {"differentiate",
     "the AD engine: derivative calls become generated tangent, forward and "
     "reverse functions",
     "func.func(convert-linalg-to-loops),lift-cf-to-scf,differentiate,"
     "func.func(convert-linalg-to-loops)"},
    {"optimize-after-AD", "clean up the generated derivative code",
     "canonicalize,cse,loop-invariant-code-motion"},
    {"fuse-gates",
     "runs of gates on at most three qubits become one matrix applied in one "
     "sweep over the state (optional)",
     "fuse-gates", cotangent::PipelineStage::Switch::FuseGates},
    {"guard-integer-division",
     "integer divisions and remainders by zero, and the smallest value "
     "divided by -1, end the call with a located run-time error",
     "guard-integer-division"},
    {"guard-indices",
     "every buffer index not proven in range is checked before its load or "
     "store, ending the call with a located run-time error (optional)",
     "guard-indices", cotangent::PipelineStage::Switch::IndexChecks},
    {"guard-allocations",
     "every dynamic buffer size is checked before it is allocated: a "
     "negative extent or a size past 2^63 bytes ends the call with a located "
     "run-time error; running out of memory is located too",
     "guard-allocations"},
    {"guard-recursion",
     "functions that can call themselves check on entry that the stack has "
     "room left, ending the call with a run-time error naming the function",
     "guard-recursion"},
    {"batch-calls",
     "loops whose carried sums cross math library calls (exp, log, ...) are "
     "unrolled four times and make their calls first, so the sums cross one "
     "call per four iterations; every sum keeps its order",
     "func.func(batch-calls-in-reductions)"},
    {"deallocate-buffers", "free every buffer after its last use",
     "buffer-deallocation-pipeline"},
    {"lower-to-loops",
     "linalg, affine, structured control flow and buffer "
     "clones become branches and plain memory operations",
     "func.func(convert-linalg-to-loops),convert-bufferization-to-memref,"
     "lower-affine,convert-scf-to-cf,expand-strided-metadata,lower-affine"},
    {"lower-to-llvm",
     "everything, quantum ops and the tape included (runtime calls), becomes "
     "the LLVM dialect; buffers are allocated by the runtime",
     "convert-complex-to-standard,math-expand-ops{ops=rsqrt},convert-math-to-"
     "funcs,"
     "convert-math-to-libm,finalize-memref-to-llvm{use-generic-functions},"
     "record-noalias-buffers,convert-to-llvm,noalias-data-pointers,"
     "reconcile-unrealized-casts"},
};
} // namespace

llvm::ArrayRef<cotangent::PipelineStage> cotangent::pipelineStages() {
  return kStages;
}

void cotangent::printPipeline(llvm::raw_ostream &os) {
  for (const PipelineStage &stage : kStages)
    os << stage.name << ": " << stage.purpose << "\n    " << stage.passes
       << "\n";
  os << kLLVMStageName
     << ": translate to LLVM IR, optimise for the host CPU at O3 (cot run -O) "
        "and "
        "compile to native code "
        "(JIT)\n";
}

void cotangent::registerPipelineDialects(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, complex::ComplexDialect,
                  cf::ControlFlowDialect, func::FuncDialect,
                  index::IndexDialect, LLVM::LLVMDialect, linalg::LinalgDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect, ub::UBDialect, quantum::QuantumDialect,
                  gradient::GradientDialect, callback::CallbackDialect>();

  // Bufferization and deallocation.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerSubsetOpInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  cotangent::quantum::registerBufferizableOpInterfaceExternalModels(registry);
  cotangent::gradient::registerBufferizableOpInterfaceExternalModels(registry);
  cotangent::callback::registerBufferizableOpInterfaceExternalModels(registry);
  memref::registerMemorySlotExternalModels(registry); // for mem2reg

  // convert-to-llvm finds each dialect's lowering through these interfaces.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertComplexToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  cotangent::quantum::registerConvertQuantumToLLVMInterface(registry);
  cotangent::gradient::registerConvertGradientToLLVMInterface(registry);
  cotangent::callback::registerConvertCallbackToLLVMInterface(registry);

  func::registerInlinerExtension(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void cotangent::registerPipelinePasses() {
  // Only the upstream passes the stages name: registering a pass builds one
  // instance of it, and registering every upstream pass took about 4 ms of
  // each `cot run`.
  static const bool registered = [] {
    registerCanonicalizer();
    registerCSE();
    registerInliner();
    registerMem2Reg();
    registerLoopInvariantCodeMotion();
    registerLiftControlFlowToSCFPass();
    registerConvertElementwiseToLinalgPass();
    registerConvertLinalgToLoopsPass();
    bufferization::registerOneShotBufferizePass();
    bufferization::registerBufferResultsToOutParamsPass();
    bufferization::registerBufferizationPipelines();
    registerConvertBufferizationToMemRefPass();
    registerLowerAffinePass();
    registerSCFToControlFlowPass();
    memref::registerExpandStridedMetadataPass();
    registerConvertComplexToStandardPass();
    math::registerMathExpandOpsPass();
    registerConvertMathToFuncs();
    registerConvertMathToLibmPass();
    registerFinalizeMemRefToLLVMConversionPass();
    registerConvertToLLVMPass();
    registerReconcileUnrealizedCastsPass();
    registerCotangentPipelinePasses();
    cotangent::gradient::registerGradientPasses();
    cotangent::quantum::registerCotangentQuantumPasses();
    cotangent::callback::registerCotangentCallbackPasses();
    return true;
  }();
  (void)registered;
}
