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
// With `forward(@f_taped)`, @f.fwd calls @f_taped instead and keeps only its
// i64 residual, which @f.rev hands to @f_vjp before the cotangents.
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

/// The buffers of the inputs and of the outputs of the triple's entry block.
std::pair<SmallVector<Value>, SmallVector<Value>>
inputsAndOutputs(FunctionType type, Block *entry, bool shadows) {
  unsigned numInputs = type.getNumInputs();
  SmallVector<Value> inputs, outputs;
  for (unsigned i = 0; i < numInputs; ++i)
    inputs.push_back(entry->getArgument(2 * i + shadows));
  for (unsigned j = 0; j < type.getNumResults(); ++j)
    outputs.push_back(entry->getArgument(2 * (numInputs + j) + shadows));
  return {inputs, outputs};
}

void emitForward(OpBuilder &b, Location loc, func::FuncOp callee,
                 FunctionType type, Block *entry) {
  auto [inputs, outputs] = inputsAndOutputs(type, entry, false);
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

/// With `forward(@f_taped)`: its one residual is the tape's only slot.
void emitTapedForward(OpBuilder &b, Location loc, func::FuncOp taped,
                      FunctionType type, Block *entry) {
  auto [inputs, outputs] = inputsAndOutputs(type, entry, false);
  SmallVector<Type> results(type.getResults());
  results.push_back(b.getI64Type());
  Value residual = newBufferFor(b, loc, b.getI64Type());
  outputs.push_back(residual);
  callWithBuffers(b, loc, taped,
                  FunctionType::get(b.getContext(), type.getInputs(), results),
                  inputs, outputs);
  Type pointer = LLVM::LLVMPointerType::get(b.getContext());
  Value tape = ResidualsCreateOp::create(b, loc, pointer, 1);
  ResidualsPutOp::create(b, loc, residual, tape, 0);
  func::ReturnOp::create(b, loc, tape);
}

/// The VJP function's inputs before the cotangents: copies of @f's inputs,
/// or the taped forward's residual.
SmallVector<Value> restoreResiduals(OpBuilder &b, Location loc,
                                    FunctionType type, bool taped, Value tape) {
  if (taped) {
    Value residual = newBufferFor(b, loc, b.getI64Type());
    ResidualsGetOp::create(b, loc, tape, 0, residual);
    return {residual};
  }
  TapeLayout layout(type);
  SmallVector<Value> copies;
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
    copies.push_back(copy);
  }
  return copies;
}

void emitReverse(OpBuilder &b, Location loc, func::FuncOp vjp,
                 FunctionType type, bool taped, Block *entry) {
  Value tape = entry->getArguments().back();
  SmallVector<Value> vjpInputs = restoreResiduals(b, loc, type, taped, tape);
  SmallVector<Type> vjpTypes = taped ? SmallVector<Type>{b.getI64Type()}
                                     : SmallVector<Type>(type.getInputs());
  auto [shadows, outputShadows] = inputsAndOutputs(type, entry, true);
  llvm::append_range(vjpInputs, outputShadows);
  llvm::append_range(vjpTypes, type.getResults());
  // The parameters' cotangent, sized like their shadow.
  Value paramShadow = shadows.front();
  Value paramCotangent = memref::AllocOp::create(
      b, loc, cast<MemRefType>(paramShadow.getType()),
      ValueRange{memref::DimOp::create(b, loc, paramShadow, 0)});
  vjpInputs.push_back(paramCotangent);
  vjpTypes.push_back(type.getInput(0));
  callWithBuffers(b, loc, vjp, FunctionType::get(b.getContext(), vjpTypes, {}),
                  vjpInputs, {});
  accumulateInto(b, loc, paramCotangent, paramShadow);
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
  MLIRContext *context = op.getContext();
  Location loc = callee.getLoc();
  auto [forward, reverse] = createTripleFunctions(module, callee, type);
  OpBuilder b(context);
  b.setInsertionPointToStart(forward.addEntryBlock());
  bool taped = static_cast<bool>(op.getForwardAttr());
  if (taped)
    emitTapedForward(b, loc, lookup(op.getForwardAttr()), type,
                     &forward.front());
  else
    emitForward(b, loc, callee, type, &forward.front());
  b.setInsertionPointToStart(reverse.addEntryBlock());
  emitReverse(b, loc, vjp, type, taped, &reverse.front());
  return autodiff::CustomGradient{forward, reverse, {}, type};
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
