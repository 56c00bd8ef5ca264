//===- ParameterVJPTriples.cpp - parameter_vjp as the engine's triples ----===//
//
// For `gradient.parameter_vjp @f vjp(@f_vjp)`, with @f taking the parameter
// buffer p and the held-constant arguments a_1..a_n and returning
// out_0..out_m:
//
//   @f.fwd(p, d_p, a_1, d_a_1, ..., out_0, d_out_0, ...) -> tape
//       calls @f and keeps copies of its inputs (p with its size) on a
//       residual tape, since the caller may overwrite them before the
//       reverse sweep;
//   @f.rev(..., tape)
//       restores the copies, calls @f_vjp on them and on the output
//       cotangents, ADDS the result into d_p and frees the tape. The other
//       inputs get no cotangent.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/ParameterVJPTriples.h"

#include "DestinationPassing.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace cotangent;
using namespace cotangent::gradient;

namespace {

/// Where each input's copy (and the dynamic sizes before it) sit on the
/// tape.
struct TapeLayout {
  SmallVector<unsigned> firstSlot;
  unsigned numSlots = 0;

  explicit TapeLayout(FunctionType callee) {
    for (Type type : callee.getInputs()) {
      firstSlot.push_back(numSlots);
      numSlots += bufferTypeOf(type).getNumDynamicDims() + 1;
    }
  }
};

void emitForward(OpBuilder &b, Location loc, func::FuncOp callee,
                 FunctionType type, Block *entry) {
  unsigned numInputs = type.getNumInputs();
  SmallVector<Value> inputs, outputs;
  for (unsigned i = 0; i < numInputs; ++i)
    inputs.push_back(entry->getArgument(2 * i));
  for (unsigned j = 0; j < type.getNumResults(); ++j)
    outputs.push_back(entry->getArgument(2 * (numInputs + j)));
  callWithBuffers(b, loc, callee, type, inputs, outputs);

  TapeLayout layout(type);
  Type pointer = LLVM::LLVMPointerType::get(b.getContext());
  Value tape = ResidualsCreateOp::create(b, loc, pointer, layout.numSlots);
  for (auto [i, input] : llvm::enumerate(inputs)) {
    unsigned slot = layout.firstSlot[i];
    auto bufferType = cast<MemRefType>(input.getType());
    for (unsigned dim = 0; dim < bufferType.getRank(); ++dim)
      if (bufferType.isDynamicDim(dim))
        ResidualsPutOp::create(
            b, loc, boxed(b, loc, memref::DimOp::create(b, loc, input, dim)),
            tape, slot++);
    ResidualsPutOp::create(b, loc, input, tape, slot);
  }
  func::ReturnOp::create(b, loc, tape);
}

void emitReverse(OpBuilder &b, Location loc, func::FuncOp vjp,
                 FunctionType type, FunctionType vjpType, Block *entry) {
  unsigned numInputs = type.getNumInputs();
  Value tape = entry->getArguments().back();
  TapeLayout layout(type);
  SmallVector<Value> vjpInputs;
  for (auto [i, inputType] : llvm::enumerate(type.getInputs())) {
    unsigned slot = layout.firstSlot[i];
    MemRefType bufferType = bufferTypeOf(inputType);
    SmallVector<Value> sizes;
    for (unsigned d = 0; d < bufferType.getNumDynamicDims(); ++d) {
      Value size = newBufferFor(b, loc, b.getIndexType());
      ResidualsGetOp::create(b, loc, tape, slot++, size);
      sizes.push_back(unboxed(b, loc, size));
    }
    Value copy = memref::AllocOp::create(b, loc, bufferType, sizes);
    ResidualsGetOp::create(b, loc, tape, slot, copy);
    vjpInputs.push_back(copy);
  }
  for (unsigned j = 0; j < type.getNumResults(); ++j)
    vjpInputs.push_back(entry->getArgument(2 * (numInputs + j) + 1));
  Value params = vjpInputs.front();
  Value paramCotangent = memref::AllocOp::create(
      b, loc, cast<MemRefType>(params.getType()),
      ValueRange{memref::DimOp::create(b, loc, params, 0)});
  vjpInputs.push_back(paramCotangent);
  callWithBuffers(b, loc, vjp, vjpType, vjpInputs, {});
  accumulateInto(b, loc, paramCotangent, entry->getArgument(1));
  ResidualsFreeOp::create(b, loc, tape);
  func::ReturnOp::create(b, loc);
}

autodiff::CustomGradient lowerParameterVJP(ModuleOp module, ParameterVJPOp op) {
  auto lookup = [&](FlatSymbolRefAttr name) {
    return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
  };
  func::FuncOp callee = lookup(op.getCalleeAttr());
  func::FuncOp vjp = lookup(op.getVjpAttr());
  FunctionType type = op.getTensorType();
  // The VJP function's tensor-level type follows from @f's.
  SmallVector<Type> vjpInputs(type.getInputs());
  llvm::append_range(vjpInputs, type.getResults());
  vjpInputs.push_back(type.getInput(0));
  MLIRContext *context = op.getContext();
  auto vjpType = FunctionType::get(context, vjpInputs, {});

  Location loc = callee.getLoc();
  SmallVector<Type> buffers = pairedBuffers(type);
  Type pointer = LLVM::LLVMPointerType::get(context);
  func::FuncOp forward = createFunctionAfter(
      module, callee, ".fwd", FunctionType::get(context, buffers, pointer));
  SmallVector<Type> reverseInputs(buffers);
  reverseInputs.push_back(pointer);
  func::FuncOp reverse = createFunctionAfter(
      module, callee, ".rev", FunctionType::get(context, reverseInputs, {}));
  OpBuilder b(context);
  b.setInsertionPointToStart(forward.addEntryBlock());
  emitForward(b, loc, callee, type, &forward.front());
  b.setInsertionPointToStart(reverse.addEntryBlock());
  emitReverse(b, loc, vjp, type, vjpType, &reverse.front());
  return autodiff::CustomGradient{forward, reverse, type};
}

} // namespace

void cotangent::gradient::lowerParameterVJPOps(
    ModuleOp module, autodiff::CustomGradientTable &table) {
  SmallVector<ParameterVJPOp> ops(module.getOps<ParameterVJPOp>());
  for (ParameterVJPOp op : ops) {
    table[op.getCallee()] = lowerParameterVJP(module, op);
    op.erase();
  }
}
