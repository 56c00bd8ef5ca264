//===- CustomGradientCalls.cpp - calls of functions with custom gradients -===//
#include "CustomGradientCalls.h"

#include "Activity.h"
#include "ReverseSweep.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/IRBuilders.h"

using namespace mlir;
using namespace cotangent;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;
using cotangent::gradient::TapePushOp;

SmallVector<Value>
cotangent::autodiff::emitCustomForward(OpBuilder &b, func::CallOp call,
                                       ValueRange operands,
                                       const CustomGradient &custom) {
  Location loc = call.getLoc();
  unsigned numInputs = custom.tensorType.getNumInputs();
  // The forward function never reads shadows: each value's buffer stands in
  // for its shadow.
  SmallVector<Value> buffers;
  for (auto [i, type] : llvm::enumerate(custom.tensorType.getInputs())) {
    Value buffer =
        isa<ShapedType>(type) ? operands[i] : boxed(b, loc, operands[i]);
    buffers.append({buffer, buffer});
  }
  unsigned nextOut = numInputs;
  SmallVector<Value> scalarOuts;
  for (Type type : custom.tensorType.getResults()) {
    Value buffer = isa<ShapedType>(type) ? operands[nextOut++]
                                         : newBufferFor(b, loc, type);
    if (!isa<ShapedType>(type))
      scalarOuts.push_back(buffer);
    buffers.append({buffer, buffer});
  }
  Value tape =
      func::CallOp::create(b, loc, custom.forward, buffers).getResult(0);
  TapePushOp::create(b, loc, ValueRange{tape});
  return llvm::map_to_vector(scalarOuts,
                             [&](Value out) { return unboxed(b, loc, out); });
}

LogicalResult
cotangent::autodiff::emitCustomReverse(OpBuilder &b, func::CallOp call,
                                       const CustomGradient &custom,
                                       ReverseSweep &sweep) {
  Location loc = call.getLoc();
  unsigned numInputs = custom.tensorType.getNumInputs();
  func::FuncOp forward = custom.forward; // MLIR op handles have no const API
  Value tape = TapePopOp::create(b, loc, forward.getResultTypes()).getResult(0);

  // The primal values are on the residual tape, not in buffers any more:
  // each shadow stands in for its value's buffer.
  SmallVector<Value> buffers, scalarShadows(numInputs), resultShadows;
  for (auto [i, type] : llvm::enumerate(custom.tensorType.getInputs())) {
    Value operand = call.getOperand(i);
    Value shadow;
    if (!isa<ShapedType>(type)) {
      shadow = scalarShadows[i] = boxed(b, loc, zeroOf(b, loc, type));
    } else {
      FailureOr<Value> found = sweep.shadowOrScratch(operand, b);
      if (failed(found))
        return failure();
      shadow = *found;
    }
    buffers.append({shadow, shadow});
  }
  unsigned nextOut = numInputs, nextResult = 0;
  for (Type type : custom.tensorType.getResults()) {
    Value shadow;
    if (isa<ShapedType>(type)) {
      FailureOr<Value> found = sweep.shadowOf(call.getOperand(nextOut++), b);
      if (failed(found))
        return failure();
      shadow = *found;
      resultShadows.push_back(shadow);
    } else {
      shadow = boxed(b, loc,
                     sweep.adjointOrZero(call.getResult(nextResult++), b, loc));
    }
    buffers.append({shadow, shadow});
  }
  buffers.push_back(tape);
  func::CallOp::create(b, loc, custom.reverse, buffers);

  for (auto [i, shadow] : llvm::enumerate(scalarShadows))
    if (shadow)
      sweep.addAdjoint(call.getOperand(i), unboxed(b, loc, shadow), b);
  // The call overwrote its output buffers: their cotangents are consumed.
  for (Value shadow : resultShadows)
    fillZero(b, loc, shadow);
  return success();
}
