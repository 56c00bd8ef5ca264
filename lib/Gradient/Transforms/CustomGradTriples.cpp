//===- CustomGradTriples.cpp - custom_grad as the engine's triples --------===//
//
// For `gradient.custom_grad @f fwd(@f_fwd) rev(@f_rev)`, with @f taking
// in_0..in_n and returning out_0..out_m:
//
//   @f.fwd(in_0, d_in_0, ..., out_0, d_out_0, ...) -> tape
//       calls @f_fwd on the inputs, writes @f's results into out_j and puts a
//       copy of each residual into a new residual tape;
//   @f.rev(in_0, d_in_0, ..., out_0, d_out_0, ..., tape)
//       takes the residuals back, calls @f_rev on them and on the output
//       cotangents d_out_j, ADDS the input cotangents into d_in_i and frees
//       the tape.
//   @f.jvp (with jvp(@f_jvp)): @f's tangent with every float argument
//       active, calling @f_jvp (see CustomGradients.h).
//
// The user's functions are bufferized by now: a tensor argument is a buffer,
// a tensor result an out-buffer appended to the arguments, a scalar a value.
// The tensor-level types that custom_grad recorded say which is which.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/CustomGradTriples.h"

#include "DestinationPassing.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace cotangent;
using namespace cotangent::gradient;

namespace {

/// The tensor-level types custom_grad recorded: callee, forward, reverse,
/// and the JVP (null without one).
struct TensorTypes {
  FunctionType callee, forward, reverse, tangent;
};

void emitForward(OpBuilder &b, Location loc, func::FuncOp userForward,
                 const TensorTypes &types, Block *entry) {
  unsigned numInputs = types.callee.getNumInputs();
  unsigned numResults = types.callee.getNumResults();
  SmallVector<Value> inputs, outputs, residuals;
  for (unsigned i = 0; i < numInputs; ++i)
    inputs.push_back(entry->getArgument(2 * i));
  for (auto [k, type] : llvm::enumerate(types.forward.getResults())) {
    if (k < numResults) {
      outputs.push_back(entry->getArgument(2 * (numInputs + k)));
      continue;
    }
    residuals.push_back(newBufferFor(b, loc, type));
    outputs.push_back(residuals.back());
  }
  callWithBuffers(b, loc, userForward, types.forward, inputs, outputs);

  Type pointer = LLVM::LLVMPointerType::get(b.getContext());
  Value tape = ResidualsCreateOp::create(b, loc, pointer, residuals.size());
  for (auto [k, buffer] : llvm::enumerate(residuals))
    ResidualsPutOp::create(b, loc, buffer, tape, k);
  func::ReturnOp::create(b, loc, tape);
}

void emitReverse(OpBuilder &b, Location loc, func::FuncOp userReverse,
                 const TensorTypes &types, Block *entry) {
  unsigned numInputs = types.callee.getNumInputs();
  unsigned numResults = types.callee.getNumResults();
  auto dIn = [&](unsigned i) { return entry->getArgument(2 * i + 1); };
  auto dOut = [&](unsigned j) {
    return entry->getArgument(2 * (numInputs + j) + 1);
  };
  Value tape = entry->getArguments().back();

  SmallVector<Value> operands;
  ArrayRef<Type> residualTypes =
      types.forward.getResults().drop_front(numResults);
  for (auto [k, type] : llvm::enumerate(residualTypes)) {
    Value buffer = newBufferFor(b, loc, type);
    ResidualsGetOp::create(b, loc, tape, k, buffer);
    operands.push_back(isa<TensorType>(type) ? buffer
                                             : unboxed(b, loc, buffer));
  }
  for (auto [j, type] : llvm::enumerate(types.callee.getResults()))
    operands.push_back(isa<TensorType>(type) ? dOut(j)
                                             : unboxed(b, loc, dOut(j)));
  SmallVector<Value> tensorCotangents(numInputs);
  for (auto [i, type] : llvm::enumerate(types.callee.getInputs()))
    if (isa<TensorType>(type)) {
      tensorCotangents[i] = newBufferFor(b, loc, type);
      operands.push_back(tensorCotangents[i]);
    }
  auto call = func::CallOp::create(b, loc, userReverse, operands);

  // The reverse function ADDS into the input shadows; integers carry no
  // derivative, so their cotangents are dropped.
  unsigned next = 0;
  for (unsigned i = 0; i < numInputs; ++i) {
    bool differentiable =
        isa<FloatType>(getElementTypeOrSelf(types.callee.getInput(i)));
    if (tensorCotangents[i]) {
      if (differentiable)
        accumulateInto(b, loc, tensorCotangents[i], dIn(i));
      continue;
    }
    Value cotangent = call.getResult(next++);
    if (!differentiable)
      continue;
    Value sum =
        arith::AddFOp::create(b, loc, unboxed(b, loc, dIn(i)), cotangent);
    memref::StoreOp::create(b, loc, sum, dIn(i));
  }
  ResidualsFreeOp::create(b, loc, tape);
  func::ReturnOp::create(b, loc);
}

/// @f.jvp, @f's tangent with every argument that can carry a tangent active
/// (CustomGradients.h): calls the user's JVP on boxed values and tangents,
/// with zero tangents for integers.
func::FuncOp createTangent(ModuleOp module, func::FuncOp callee,
                           func::FuncOp userTangent, const TensorTypes &types) {
  FunctionType bufferized = callee.getFunctionType();
  SmallVector<Type> inputs(bufferized.getInputs());
  for (Type type : bufferized.getInputs())
    if (autodiff::tangentCarrying(type))
      inputs.push_back(type);
  SmallVector<Type> results(bufferized.getResults());
  for (Type type : bufferized.getResults())
    if (isa<FloatType>(type))
      results.push_back(type);
  func::FuncOp function = createDerivedFunction(
      module, callee, ".jvp",
      FunctionType::get(module.getContext(), inputs, results));
  OpBuilder b(module.getContext());
  Block *entry = function.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Location loc = callee.getLoc();

  unsigned numArgs = bufferized.getNumInputs();
  SmallVector<Value> tangentOf(numArgs);
  unsigned next = numArgs;
  for (auto [i, type] : llvm::enumerate(bufferized.getInputs()))
    if (autodiff::tangentCarrying(type))
      tangentOf[i] = entry->getArgument(next++);
  auto asBuffer = [&](Value value) {
    return isa<MemRefType>(value.getType()) ? value : boxed(b, loc, value);
  };
  auto zeroBuffer = [&](Type tensorLevel) {
    Value buffer = newBufferFor(b, loc, tensorLevel);
    fillZero(b, loc, buffer);
    return buffer;
  };

  unsigned numInputs = types.callee.getNumInputs();
  SmallVector<Value> callInputs;
  for (unsigned i = 0; i < numInputs; ++i)
    callInputs.push_back(asBuffer(entry->getArgument(i)));
  for (auto [i, type] : llvm::enumerate(types.callee.getInputs()))
    callInputs.push_back(tangentOf[i] ? asBuffer(tangentOf[i])
                                      : zeroBuffer(type));
  // Tensor results are written into @f's out-buffers (its arguments after
  // the inputs) and their tangents into theirs; scalars into new buffers.
  unsigned numResults = types.callee.getNumResults();
  SmallVector<Value> outputs(2 * numResults);
  unsigned outBuffer = numInputs;
  for (auto [j, type] : llvm::enumerate(types.callee.getResults())) {
    if (isa<TensorType>(type)) {
      outputs[j] = entry->getArgument(outBuffer);
      Value tangent = tangentOf[outBuffer++];
      outputs[numResults + j] = tangent ? tangent : newBufferFor(b, loc, type);
      continue;
    }
    outputs[j] = newBufferFor(b, loc, type);
    outputs[numResults + j] = newBufferFor(b, loc, type);
  }
  callWithBuffers(b, loc, userTangent, types.tangent, callInputs, outputs);
  SmallVector<Value> returned;
  for (auto [j, type] : llvm::enumerate(types.callee.getResults()))
    if (!isa<TensorType>(type))
      returned.push_back(unboxed(b, loc, outputs[j]));
  for (auto [j, type] : llvm::enumerate(types.callee.getResults()))
    if (isa<FloatType>(type))
      returned.push_back(unboxed(b, loc, outputs[numResults + j]));
  func::ReturnOp::create(b, loc, returned);
  return function;
}

FailureOr<autodiff::CustomGradient> lowerCustomGrad(ModuleOp module,
                                                    CustomGradOp op) {
  auto lookup = [&](FlatSymbolRefAttr name) {
    return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, name);
  };
  ArrayAttr recorded = op.getTensorTypesAttr();
  if (!recorded)
    return op.emitOpError("has no recorded tensor types (lower-gradients "
                          "records them)");
  auto type = [&](unsigned i) {
    return cast<FunctionType>(cast<TypeAttr>(recorded[i]).getValue());
  };
  TensorTypes types{type(0), type(1), type(2),
                    recorded.size() > 3 ? type(3) : FunctionType()};
  for (Type residual :
       types.forward.getResults().drop_front(types.callee.getNumResults()))
    if (!bufferTypeOf(residual).getElementType().isIntOrIndexOrFloat())
      return op.emitOpError("residuals must be integer, index or float "
                            "values or tensors, not ")
             << residual;

  func::FuncOp callee = lookup(op.getCalleeAttr());
  MLIRContext *context = op.getContext();
  Location loc = callee.getLoc();
  auto [forward, reverse] = createTripleFunctions(module, callee, types.callee);
  OpBuilder b(context);
  b.setInsertionPointToStart(forward.addEntryBlock());
  emitForward(b, loc, lookup(op.getForwardAttr()), types, &forward.front());
  b.setInsertionPointToStart(reverse.addEntryBlock());
  emitReverse(b, loc, lookup(op.getReverseAttr()), types, &reverse.front());
  func::FuncOp tangent;
  if (types.tangent)
    tangent = createTangent(module, callee, lookup(op.getTangentAttr()), types);
  return autodiff::CustomGradient{forward, reverse, tangent, types.callee};
}

} // namespace

FailureOr<autodiff::CustomGradientTable>
cotangent::gradient::lowerCustomGradOps(ModuleOp module) {
  autodiff::CustomGradientTable table;
  SmallVector<CustomGradOp> ops(module.getOps<CustomGradOp>());
  for (CustomGradOp op : ops) {
    FailureOr<autodiff::CustomGradient> triple = lowerCustomGrad(module, op);
    if (failed(triple))
      return failure();
    table[op.getCallee()] = *triple;
    op.erase();
  }
  return table;
}
