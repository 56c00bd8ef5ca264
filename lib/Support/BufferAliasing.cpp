//===- BufferAliasing.cpp - which buffers may share memory ----------------===//
#include "cotangent/Support/BufferAliasing.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace {

bool isAllocation(Value buffer) {
  return buffer.getDefiningOp<memref::AllocOp>() ||
         buffer.getDefiningOp<memref::AllocaOp>();
}

/// An argument of the function itself; the arguments of its other blocks
/// (`cf` successors) may carry any buffer, its own allocations included.
bool isFunctionArgument(Value buffer) {
  auto argument = dyn_cast<BlockArgument>(buffer);
  return argument && argument.getOwner()->isEntryBlock() &&
         isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
}

} // namespace

Value cotangent::rootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

bool cotangent::mayAlias(Value a, Value b) {
  if (a == b)
    return true;
  if (isAllocation(a) && isAllocation(b))
    return false;
  return !(isAllocation(a) && isFunctionArgument(b)) &&
         !(isAllocation(b) && isFunctionArgument(a));
}
