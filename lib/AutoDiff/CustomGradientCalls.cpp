//===- CustomGradientCalls.cpp - calls of functions with custom_grad ------===//
//
// The user's tensor-level forward and reverse functions are wrapped, once per
// custom gradient, into the destination-passing triple of DESIGN.md:
//
//   @f.fwd(in_0, d_in_0, ..., out_0, d_out_0, ...) -> tape
//   @f.rev(in_0, d_in_0, ..., out_0, d_out_0, ..., tape)
//
// where every value is a buffer (rank 0 for a scalar) and the tape holds a
// copy of each residual (runtime/include/cotangent/Runtime/Residuals.h).
// Differentiated code calls @f.fwd in its forward sweep and keeps the tape
// pointer on the derivative tape (one tape per dynamic call); its reverse
// sweep takes the pointer back and calls @f.rev.
//
//===----------------------------------------------------------------------===//
#include "CustomGradientCalls.h"

#include "IRHelpers.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;
using cotangent::gradient::TapePushOp;

namespace {

/// The buffer that carries a value of tensor-level type `type`.
MemRefType bufferType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return MemRefType::get(shaped.getShape(), shaped.getElementType());
  return MemRefType::get({}, type);
}

Value newBuffer(OpBuilder &b, Location loc, Type type) {
  return memref::AllocOp::create(b, loc, bufferType(type));
}

/// A rank-0 buffer holding `value`.
Value boxed(OpBuilder &b, Location loc, Value value) {
  Value buffer = newBuffer(b, loc, value.getType());
  memref::StoreOp::create(b, loc, value, buffer);
  return buffer;
}

Value unboxed(OpBuilder &b, Location loc, Value buffer) {
  return memref::LoadOp::create(b, loc, buffer);
}

Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
}

int64_t byteSize(Type type) {
  MemRefType buffer = bufferType(type);
  return buffer.getNumElements() * buffer.getElementTypeBitWidth() / 8;
}

/// Calls runtime function `name`, declaring it on first use.
func::CallOp callRuntime(OpBuilder &b, Location loc, ModuleOp module,
                         StringRef name, TypeRange results,
                         ValueRange operands) {
  auto function = module.lookupSymbol<func::FuncOp>(name);
  if (!function) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    function = func::FuncOp::create(
        b, loc, name, b.getFunctionType(operands.getTypes(), results));
    function.setPrivate();
  }
  return func::CallOp::create(b, loc, function, operands);
}

/// Copies a residual buffer to or from the tape (`direction`: "put" or
/// "get"). The buffer goes as an unranked memref so that buffer deallocation
/// sees the call use it.
void moveResidual(OpBuilder &b, Location loc, ModuleOp module,
                  StringRef direction, Value tape, int64_t index, Value buffer,
                  Type residualType) {
  Type element = bufferType(residualType).getElementType();
  Value unranked = memref::CastOp::create(
      b, loc, UnrankedMemRefType::get(element, /*memorySpace=*/0), buffer);
  std::string elementName;
  llvm::raw_string_ostream(elementName) << element;
  callRuntime(b, loc, module,
              ("__cot_residuals_" + direction + "_" + elementName).str(), {},
              {tape, i64Constant(b, loc, index), unranked,
               i64Constant(b, loc, byteSize(residualType))});
}

/// Signature of the triple: (value, shadow) per input and per result.
SmallVector<Type> pairedBuffers(FunctionType callee) {
  SmallVector<Type> types;
  for (Type type :
       llvm::concat<const Type>(callee.getInputs(), callee.getResults())) {
    types.push_back(bufferType(type));
    types.push_back(bufferType(type));
  }
  return types;
}

void emitConventionForward(OpBuilder &b, Location loc, ModuleOp module,
                           const CustomGradient &custom, Block *entry) {
  unsigned numInputs = custom.calleeType.getNumInputs();
  unsigned numResults = custom.calleeType.getNumResults();
  auto in = [&](unsigned i) { return entry->getArgument(2 * i); };
  auto out = [&](unsigned j) {
    return entry->getArgument(2 * (numInputs + j));
  };

  SmallVector<Value> operands;
  for (auto [i, type] : llvm::enumerate(custom.calleeType.getInputs()))
    operands.push_back(isa<TensorType>(type) ? in(i) : unboxed(b, loc, in(i)));
  ArrayRef<Type> forwardResults = custom.forwardType.getResults();
  SmallVector<Value> residuals(forwardResults.size() - numResults);
  for (auto [k, type] : llvm::enumerate(forwardResults)) {
    if (!isa<TensorType>(type))
      continue;
    Value buffer = k < numResults ? out(k) : newBuffer(b, loc, type);
    if (k >= numResults)
      residuals[k - numResults] = buffer;
    operands.push_back(buffer);
  }
  auto call = func::CallOp::create(b, loc, custom.forward, operands);
  unsigned next = 0;
  for (auto [k, type] : llvm::enumerate(forwardResults)) {
    if (isa<TensorType>(type))
      continue;
    Value value = call.getResult(next++);
    if (k < numResults)
      memref::StoreOp::create(b, loc, value, out(k));
    else
      residuals[k - numResults] = boxed(b, loc, value);
  }

  Type pointer = LLVM::LLVMPointerType::get(b.getContext());
  Value tape = LLVM::ZeroOp::create(b, loc, pointer);
  if (!residuals.empty()) {
    tape = callRuntime(b, loc, module, "__cot_residuals_create", pointer,
                       i64Constant(b, loc, residuals.size()))
               .getResult(0);
    for (auto [k, buffer] : llvm::enumerate(residuals))
      moveResidual(b, loc, module, "put", tape, k, buffer,
                   forwardResults[numResults + k]);
  }
  func::ReturnOp::create(b, loc, tape);
}

void emitConventionReverse(OpBuilder &b, Location loc, ModuleOp module,
                           const CustomGradient &custom, Block *entry) {
  unsigned numInputs = custom.calleeType.getNumInputs();
  unsigned numResults = custom.calleeType.getNumResults();
  auto dIn = [&](unsigned i) { return entry->getArgument(2 * i + 1); };
  auto dOut = [&](unsigned j) {
    return entry->getArgument(2 * (numInputs + j) + 1);
  };
  Value tape = entry->getArguments().back();

  SmallVector<Value> operands;
  ArrayRef<Type> residualTypes =
      custom.forwardType.getResults().drop_front(numResults);
  for (auto [k, type] : llvm::enumerate(residualTypes)) {
    Value buffer = newBuffer(b, loc, type);
    moveResidual(b, loc, module, "get", tape, k, buffer, type);
    operands.push_back(isa<TensorType>(type) ? buffer
                                             : unboxed(b, loc, buffer));
  }
  for (auto [j, type] : llvm::enumerate(custom.calleeType.getResults()))
    operands.push_back(isa<TensorType>(type) ? dOut(j)
                                             : unboxed(b, loc, dOut(j)));
  SmallVector<Value> tensorCotangents(numInputs);
  for (auto [i, type] : llvm::enumerate(custom.calleeType.getInputs()))
    if (isa<TensorType>(type)) {
      tensorCotangents[i] = newBuffer(b, loc, type);
      operands.push_back(tensorCotangents[i]);
    }
  auto call = func::CallOp::create(b, loc, custom.reverse, operands);

  // The reverse function ADDS into the input shadows.
  unsigned next = 0;
  for (unsigned i = 0; i < numInputs; ++i) {
    if (tensorCotangents[i]) {
      accumulateInto(b, loc, tensorCotangents[i], dIn(i));
      continue;
    }
    Value sum = arith::AddFOp::create(b, loc, unboxed(b, loc, dIn(i)),
                                      call.getResult(next++));
    memref::StoreOp::create(b, loc, sum, dIn(i));
  }
  if (!residualTypes.empty())
    callRuntime(b, loc, module, "__cot_residuals_free", {}, tape);
  func::ReturnOp::create(b, loc);
}

/// The triple's forward and reverse functions for `callee`, made once.
FailureOr<std::pair<func::FuncOp, func::FuncOp>>
conventionFunctions(Engine &engine, func::FuncOp callee,
                    CustomGradient &custom) {
  if (!custom.conventionForward) {
    // The residual tape copies floats (the runtime has f32 and f64 copies).
    unsigned numResults = custom.calleeType.getNumResults();
    for (Type type : custom.forwardType.getResults().drop_front(numResults))
      if (!bufferType(type).getElementType().isF64() &&
          !bufferType(type).getElementType().isF32())
        return engine.emitError(custom.forward)
               << "custom gradient residuals must be f32 or f64 values or "
                  "tensors, "
                  "not "
               << type;
    MLIRContext *context = callee.getContext();
    Location loc = callee.getLoc();
    ModuleOp module = callee->getParentOfType<ModuleOp>();
    SmallVector<Type> buffers = pairedBuffers(custom.calleeType);
    Type pointer = LLVM::LLVMPointerType::get(context);
    custom.conventionForward = engine.createFunction(
        callee, ".fwd", FunctionType::get(context, buffers, pointer));
    SmallVector<Type> reverseInputs(buffers);
    reverseInputs.push_back(pointer);
    custom.conventionReverse = engine.createFunction(
        callee, ".rev", FunctionType::get(context, reverseInputs, {}));
    OpBuilder b(context);
    b.setInsertionPointToStart(custom.conventionForward.addEntryBlock());
    emitConventionForward(b, loc, module, custom,
                          &custom.conventionForward.front());
    b.setInsertionPointToStart(custom.conventionReverse.addEntryBlock());
    emitConventionReverse(b, loc, module, custom,
                          &custom.conventionReverse.front());
  }
  return std::make_pair(custom.conventionForward, custom.conventionReverse);
}

} // namespace

FailureOr<SmallVector<Value>>
cotangent::autodiff::emitCustomForward(OpBuilder &b, Engine &engine,
                                       func::CallOp call, ValueRange operands,
                                       CustomGradient &custom) {
  Location loc = call.getLoc();
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  auto functions = conventionFunctions(engine, callee, custom);
  if (failed(functions))
    return failure();
  func::FuncOp forward = functions->first;
  unsigned numInputs = custom.calleeType.getNumInputs();
  // The forward function never reads shadows: each value's buffer stands in
  // for its shadow.
  SmallVector<Value> buffers;
  for (auto [i, type] : llvm::enumerate(custom.calleeType.getInputs())) {
    Value buffer =
        isa<TensorType>(type) ? operands[i] : boxed(b, loc, operands[i]);
    buffers.append({buffer, buffer});
  }
  unsigned nextOut = numInputs;
  SmallVector<Value> scalarOuts;
  for (Type type : custom.calleeType.getResults()) {
    Value buffer =
        isa<TensorType>(type) ? operands[nextOut++] : newBuffer(b, loc, type);
    if (!isa<TensorType>(type))
      scalarOuts.push_back(buffer);
    buffers.append({buffer, buffer});
  }
  Value tape = func::CallOp::create(b, loc, forward, buffers).getResult(0);
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), tape);
  TapePushOp::create(b, loc, ValueRange{address});
  return llvm::map_to_vector(scalarOuts,
                             [&](Value out) { return unboxed(b, loc, out); });
}

LogicalResult cotangent::autodiff::emitCustomReverse(
    OpBuilder &b, Engine &engine, func::CallOp call, CustomGradient &custom,
    const ReverseAccess &access) {
  Location loc = call.getLoc();
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  auto functions = conventionFunctions(engine, callee, custom);
  if (failed(functions))
    return failure();
  func::FuncOp reverse = functions->second;
  unsigned numInputs = custom.calleeType.getNumInputs();
  Value address =
      TapePopOp::create(b, loc, TypeRange{b.getI64Type()}).getResult(0);
  Value tape = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);

  // The primal values are on the residual tape, not in buffers any more:
  // each shadow stands in for its value's buffer.
  SmallVector<Value> buffers, scalarShadows(numInputs), resultShadows;
  for (auto [i, type] : llvm::enumerate(custom.calleeType.getInputs())) {
    Value operand = call.getOperand(i);
    Value shadow;
    if (!isa<TensorType>(type)) {
      shadow = scalarShadows[i] = boxed(b, loc, zeroOf(b, loc, type));
    } else if (access.isActive(operand)) {
      FailureOr<Value> found = access.shadowOf(operand);
      if (failed(found))
        return failure();
      shadow = *found;
    } else {
      shadow = zeroBufferLike(b, loc, operand, {});
    }
    buffers.append({shadow, shadow});
  }
  unsigned nextOut = numInputs, nextResult = 0;
  for (Type type : custom.calleeType.getResults()) {
    Value shadow;
    if (isa<TensorType>(type)) {
      FailureOr<Value> found = access.shadowOf(call.getOperand(nextOut++));
      if (failed(found))
        return failure();
      shadow = *found;
      resultShadows.push_back(shadow);
    } else {
      shadow =
          boxed(b, loc, access.adjointOrZero(call.getResult(nextResult++)));
    }
    buffers.append({shadow, shadow});
  }
  buffers.push_back(tape);
  func::CallOp::create(b, loc, reverse, buffers);

  for (auto [i, shadow] : llvm::enumerate(scalarShadows))
    if (shadow)
      access.addAdjoint(call.getOperand(i), unboxed(b, loc, shadow));
  // The call overwrote its output buffers: their cotangents are consumed.
  for (Value shadow : resultShadows)
    fillZero(b, loc, shadow);
  return success();
}
