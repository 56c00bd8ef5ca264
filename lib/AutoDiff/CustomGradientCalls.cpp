//===- CustomGradientCalls.cpp - calls of functions with custom_grad ------===//
#include "CustomGradientCalls.h"

#include "IRHelpers.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;
using cotangent::gradient::TapePushOp;

namespace {

MemRefType bufferType(Type tensor) {
  auto shaped = cast<ShapedType>(tensor);
  return MemRefType::get(shaped.getShape(), shaped.getElementType());
}

Value newBuffer(OpBuilder &b, Location loc, Type tensor) {
  return memref::AllocOp::create(b, loc, bufferType(tensor));
}

/// The buffer seen as one dimension (or as itself when it has rank 0), for
/// element-by-element saving.
Value flat(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() <= 1)
    return buffer;
  SmallVector<ReassociationIndices> all(1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    all[0].push_back(dim);
  return memref::CollapseShapeOp::create(b, loc, buffer, all);
}

/// Runs `body(index)` for every element of `buffer`, last element first
/// when `backwards`.
void forEachElement(OpBuilder &b, Location loc, Value buffer, bool backwards,
                    llvm::function_ref<void(OpBuilder &, Value, ValueRange)> body) {
  Value view = flat(b, loc, buffer);
  auto type = cast<MemRefType>(view.getType());
  if (type.getRank() == 0)
    return body(b, view, {});
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value count = arith::ConstantIndexOp::create(b, loc, type.getNumElements());
  scf::ForOp::create(b, loc, zero, count, one, ValueRange{},
                     [&](OpBuilder &nb, Location nl, Value i, ValueRange) {
                       Value index = i;
                       if (backwards) {
                         Value last = arith::SubIOp::create(nb, nl, count, one);
                         index = arith::SubIOp::create(nb, nl, last, i);
                       }
                       body(nb, view, ValueRange{index});
                       scf::YieldOp::create(nb, nl);
                     });
}

} // namespace

SmallVector<Value> cotangent::autodiff::emitCustomForward(OpBuilder &b,
                                                          func::CallOp call,
                                                          ValueRange operands,
                                                          const CustomGradient &custom) {
  Location loc = call.getLoc();
  unsigned numInputs = custom.calleeType.getNumInputs();
  unsigned numResults = custom.calleeType.getNumResults();
  // Output buffers: the call's own for the function's results, new ones for
  // tensor residuals.
  SmallVector<Value> forwardOperands(operands.take_front(numInputs));
  unsigned nextOut = numInputs;
  SmallVector<Value> residualBuffers(custom.forwardType.getNumResults());
  for (auto [k, type] : llvm::enumerate(custom.forwardType.getResults())) {
    if (!isa<TensorType>(type))
      continue;
    if (k < numResults) {
      forwardOperands.push_back(operands[nextOut++]);
    } else {
      residualBuffers[k] = newBuffer(b, loc, type);
      forwardOperands.push_back(residualBuffers[k]);
    }
  }
  auto forward = func::CallOp::create(b, loc, custom.forward, forwardOperands);

  // Scalar results come first in order; then residuals are saved: buffer
  // contents, then the scalar residuals in one push.
  SmallVector<Value> results, scalarResiduals;
  unsigned nextScalar = 0;
  for (auto [k, type] : llvm::enumerate(custom.forwardType.getResults())) {
    if (isa<TensorType>(type))
      continue;
    Value value = forward.getResult(nextScalar++);
    (k < numResults ? results : scalarResiduals).push_back(value);
  }
  for (Value buffer : residualBuffers)
    if (buffer)
      forEachElement(b, loc, buffer, /*backwards=*/false,
                     [&](OpBuilder &nb, Value view, ValueRange index) {
                       Value element = memref::LoadOp::create(nb, loc, view, index);
                       TapePushOp::create(nb, loc, ValueRange{element});
                     });
  if (!scalarResiduals.empty())
    TapePushOp::create(b, loc, scalarResiduals);
  return results;
}

LogicalResult cotangent::autodiff::emitCustomReverse(OpBuilder &b, func::CallOp call,
                                                     const CustomGradient &custom,
                                                     const ReverseAccess &access) {
  Location loc = call.getLoc();
  unsigned numInputs = custom.calleeType.getNumInputs();
  unsigned numResults = custom.calleeType.getNumResults();
  ArrayRef<Type> residualTypes = custom.forwardType.getResults().drop_front(numResults);

  // Residuals back from the tape, in the reverse order of saving.
  SmallVector<Type> scalarTypes;
  for (Type type : residualTypes)
    if (!isa<TensorType>(type))
      scalarTypes.push_back(type);
  SmallVector<Value> scalars;
  if (!scalarTypes.empty())
    scalars = TapePopOp::create(b, loc, scalarTypes).getResults();
  SmallVector<Value> residuals(residualTypes.size());
  for (size_t k = residualTypes.size(); k-- > 0;) {
    if (!isa<TensorType>(residualTypes[k]))
      continue;
    residuals[k] = newBuffer(b, loc, residualTypes[k]);
    Type element = cast<ShapedType>(residualTypes[k]).getElementType();
    forEachElement(b, loc, residuals[k], /*backwards=*/true,
                   [&](OpBuilder &nb, Value view, ValueRange index) {
                     Value value = TapePopOp::create(nb, loc, TypeRange{element})
                                       .getResult(0);
                     memref::StoreOp::create(nb, loc, value, view, index);
                   });
  }
  unsigned nextScalar = 0;
  for (Value &residual : residuals)
    if (!residual)
      residual = scalars[nextScalar++];

  // Operands of the reverse function: residuals, result cotangents, then
  // output buffers for the cotangents of tensor arguments.
  SmallVector<Value> operands(residuals);
  unsigned nextOut = numInputs, nextResult = 0;
  SmallVector<Value> resultShadows;
  for (Type type : custom.calleeType.getResults()) {
    if (isa<TensorType>(type)) {
      FailureOr<Value> shadow = access.shadowOf(call.getOperand(nextOut++));
      if (failed(shadow))
        return failure();
      operands.push_back(*shadow);
      resultShadows.push_back(*shadow);
    } else {
      operands.push_back(access.adjointOrZero(call.getResult(nextResult++)));
    }
  }
  SmallVector<Value> argumentBuffers(numInputs);
  for (auto [i, type] : llvm::enumerate(custom.calleeType.getInputs()))
    if (isa<TensorType>(type)) {
      argumentBuffers[i] = newBuffer(b, loc, type);
      operands.push_back(argumentBuffers[i]);
    }
  auto reverse = func::CallOp::create(b, loc, custom.reverse, operands);

  unsigned nextAdjoint = 0;
  for (unsigned i = 0; i < numInputs; ++i) {
    Value operand = call.getOperand(i);
    if (!argumentBuffers[i]) {
      access.addAdjoint(operand, reverse.getResult(nextAdjoint++));
      continue;
    }
    if (!access.isActive(operand))
      continue;
    FailureOr<Value> shadow = access.shadowOf(operand);
    if (failed(shadow))
      return failure();
    accumulateInto(b, loc, argumentBuffers[i], *shadow);
  }
  // The call overwrote its output buffers: their cotangents are consumed.
  for (Value shadow : resultShadows)
    fillZero(b, loc, shadow);
  return success();
}
