//===- MemRefRules.cpp - derivatives of memory operations -----------------===//
//
// Adjoints of buffers live in shadow buffers of the same shape: a load adds
// the loaded value's adjoint into its shadow element; a store moves the
// shadow element's value into the stored value's adjoint and clears it (the
// overwritten value's derivative no longer flows anywhere); a copy moves the
// target's shadow into the source's. In forward mode the shadows hold
// tangents and every access is mirrored. Views and allocations are data: the
// engine makes views of shadows and zero shadows for allocations itself.
//
//===----------------------------------------------------------------------===//
#include "../Activity.h"
#include "../ReverseSweep.h"
#include "../RuleRegistry.h"
#include "../TangentSweep.h"
#include "../TapePlan.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace cotangent;
using namespace cotangent::autodiff;
using cotangent::gradient::TapePopOp;
using cotangent::gradient::TapePushOp;

namespace {

/// What the reverse code of an element's load or store reads: the indices
/// (reloaded where they were loaded from a re-read buffer or a snapshot)
/// and what the buffer's shadow is built from.
LogicalResult elementAccessNeeds(TapePlan &plan, Value buffer,
                                 ValueRange indices,
                                 llvm::SetVector<Value> &needs) {
  for (Value index : indices)
    if (failed(plan.need(index, needs)))
      return failure();
  return plan.shadowInputs(buffer, needs);
}

//===--- memref.load ------------------------------------------------------===//

void loadActivity(Operation *op, Activity &activity) {
  auto load = cast<memref::LoadOp>(op);
  activity.flow(load.getMemRef(), load.getResult());
}

LogicalResult loadTapeNeeds(Operation *op, TapePlan &plan,
                            llvm::SetVector<Value> &needs) {
  auto load = cast<memref::LoadOp>(op);
  if (!plan.activity.isActive(load.getResult()))
    return success();
  return elementAccessNeeds(plan, load.getMemRef(), load.getIndices(), needs);
}

LogicalResult loadReverse(Operation *op, ReverseSweep &sweep, OpBuilder &b) {
  auto load = cast<memref::LoadOp>(op);
  Value adjoint = sweep.adjointOf(load.getResult());
  if (!adjoint || !sweep.activity.isActive(load.getMemRef()))
    return success();
  FailureOr<Value> shadow = sweep.shadowOf(load.getMemRef(), b);
  FailureOr<SmallVector<Value>> indices = sweep.primals(load.getIndices(), b);
  if (failed(shadow) || failed(indices))
    return failure();
  Location loc = load.getLoc();
  Value old = memref::LoadOp::create(b, loc, *shadow, *indices);
  Value sum = arith::AddFOp::create(b, loc, old, adjoint);
  memref::StoreOp::create(b, loc, sum, *shadow, *indices);
  return success();
}

LogicalResult loadTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto load = cast<memref::LoadOp>(op);
  sweep.cloneOp(op, b);
  if (sweep.activity.isActive(load.getMemRef()))
    sweep.setTangent(
        load.getResult(),
        memref::LoadOp::create(
            b, load.getLoc(),
            sweep.tangentOrZero(b, load.getLoc(), load.getMemRef()),
            sweep.mapped(load.getIndices())));
  return success();
}

//===--- memref.store -----------------------------------------------------===//

void storeActivity(Operation *op, Activity &activity) {
  auto store = cast<memref::StoreOp>(op);
  activity.flow(store.getValueToStore(), store.getMemRef());
}

LogicalResult storeTapeNeeds(Operation *op, TapePlan &plan,
                             llvm::SetVector<Value> &needs) {
  auto store = cast<memref::StoreOp>(op);
  if (!plan.activity.isActive(store.getMemRef()))
    return success();
  return elementAccessNeeds(plan, store.getMemRef(), store.getIndices(), needs);
}

LogicalResult storeReverse(Operation *op, ReverseSweep &sweep, OpBuilder &b) {
  auto store = cast<memref::StoreOp>(op);
  if (!sweep.activity.isActive(store.getMemRef()))
    return success();
  FailureOr<Value> shadow = sweep.shadowOf(store.getMemRef(), b);
  FailureOr<SmallVector<Value>> indices = sweep.primals(store.getIndices(), b);
  if (failed(shadow) || failed(indices))
    return failure();
  Location loc = store.getLoc();
  Value adjoint = memref::LoadOp::create(b, loc, *shadow, *indices);
  Value zero = zeroOf(b, loc, adjoint.getType());
  memref::StoreOp::create(b, loc, zero, *shadow, *indices);
  sweep.addAdjoint(store.getValueToStore(), adjoint, b);
  return success();
}

LogicalResult storeTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto store = cast<memref::StoreOp>(op);
  sweep.cloneOp(op, b);
  Location loc = store.getLoc();
  if (sweep.activity.isActive(store.getMemRef()))
    memref::StoreOp::create(
        b, loc, sweep.tangentOrZero(b, loc, store.getValueToStore()),
        sweep.tangentOrZero(b, loc, store.getMemRef()),
        sweep.mapped(store.getIndices()));
  return success();
}

//===--- memref.copy ------------------------------------------------------===//

void copyActivity(Operation *op, Activity &activity) {
  auto copy = cast<memref::CopyOp>(op);
  activity.flow(copy.getSource(), copy.getTarget());
}

LogicalResult copyTapeNeeds(Operation *op, TapePlan &plan,
                            llvm::SetVector<Value> &needs) {
  auto copy = cast<memref::CopyOp>(op);
  if (!plan.activity.isActive(copy.getTarget()))
    return success();
  if (plan.activity.isActive(copy.getSource()) &&
      failed(plan.shadowInputs(copy.getSource(), needs)))
    return failure();
  return plan.shadowInputs(copy.getTarget(), needs);
}

LogicalResult copyReverse(Operation *op, ReverseSweep &sweep, OpBuilder &b) {
  auto copy = cast<memref::CopyOp>(op);
  if (!sweep.activity.isActive(copy.getTarget()))
    return success();
  FailureOr<Value> target = sweep.shadowOf(copy.getTarget(), b);
  if (failed(target))
    return failure();
  if (sweep.activity.isActive(copy.getSource())) {
    FailureOr<Value> source = sweep.shadowOf(copy.getSource(), b);
    if (failed(source))
      return failure();
    accumulateInto(b, copy.getLoc(), *target, *source);
  }
  fillZero(b, copy.getLoc(), *target);
  return success();
}

LogicalResult copyTangent(Operation *op, TangentSweep &sweep, OpBuilder &b) {
  auto copy = cast<memref::CopyOp>(op);
  sweep.cloneOp(op, b);
  if (!sweep.activity.isActive(copy.getTarget()))
    return success();
  Value target = sweep.tangentOrZero(b, copy.getLoc(), copy.getTarget());
  if (sweep.activity.isActive(copy.getSource()))
    memref::CopyOp::create(
        b, copy.getLoc(),
        sweep.tangentOrZero(b, copy.getLoc(), copy.getSource()), target);
  else
    fillZero(b, copy.getLoc(), target);
  return success();
}

const OpRule kMemRefRules[] = {
    {.opName = memref::LoadOp::getOperationName(),
     .activity = loadActivity,
     .tapeNeeds = loadTapeNeeds,
     .reverse = loadReverse,
     .tangent = loadTangent},
    {.opName = memref::StoreOp::getOperationName(),
     .activity = storeActivity,
     .tapeNeeds = storeTapeNeeds,
     .reverse = storeReverse,
     .tangent = storeTangent},
    {.opName = memref::CopyOp::getOperationName(),
     .activity = copyActivity,
     .tapeNeeds = copyTapeNeeds,
     .reverse = copyReverse,
     .tangent = copyTangent},
};

const llvm::StringLiteral kViews[] = {
    memref::SubViewOp::getOperationName(),
    memref::CastOp::getOperationName(),
    memref::ReinterpretCastOp::getOperationName(),
    memref::ExpandShapeOp::getOperationName(),
    memref::CollapseShapeOp::getOperationName(),
    memref::TransposeOp::getOperationName(),
};

const llvm::StringLiteral kAllocations[] = {
    memref::AllocOp::getOperationName(),
    memref::AllocaOp::getOperationName(),
};

/// The memory of a constant global is never written.
bool isConstantGlobal(Operation *def) {
  auto get = dyn_cast<memref::GetGlobalOp>(def);
  if (!get)
    return false;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant();
}

void saveMemRef(OpBuilder &b, Location loc, Value buffer) {
  forEachIndex(b, loc, buffer, false,
               [&](OpBuilder &nb, Location nl, ValueRange indices) {
                 Value element =
                     memref::LoadOp::create(nb, nl, buffer, indices);
                 TapePushOp::create(nb, nl, element);
               });
}

Value restoreMemRef(OpBuilder &b, Location loc, MemRefType type) {
  Value buffer = memref::AllocOp::create(b, loc, type);
  forEachIndex(b, loc, buffer, true,
               [&](OpBuilder &nb, Location nl, ValueRange indices) {
                 auto pop = TapePopOp::create(nb, nl, type.getElementType());
                 memref::StoreOp::create(nb, nl, pop.getResult(0), buffer,
                                         indices);
               });
  return buffer;
}

} // namespace

DialectRules cotangent::autodiff::memrefRules() {
  return {{},         kMemRefRules, kViews, kAllocations, isConstantGlobal,
          saveMemRef, restoreMemRef};
}
