//===- GuardIndices.cpp - buffer indices checked at run time --------------===//
//
// A load or store at an index outside its buffer reads garbage or corrupts
// memory. Each memref.load and memref.store (tensor.extract and
// tensor.insert become these) gets a test of every index against its
// dimension that ends the call with a located run-time error. An index the
// integer range analysis proves in range (a loop over a static shape) needs
// no test. So does each memref.subview (tensor.extract_slice and
// insert_slice become these): every dimension's slice against the source's.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "RuntimeErrorBranch.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace cotangent {
#define GEN_PASS_DEF_GUARDINDICES
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// Whether the analysis proves 0 <= index < extent.
bool provenInRange(DataFlowSolver &solver, Value index, int64_t extent) {
  if (ShapedType::isDynamic(extent))
    return false;
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(index);
  if (!lattice || lattice->getValue().isUninitialized())
    return false;
  const ConstantIntRanges &range = lattice->getValue().getValue();
  return range.smin().isNonNegative() &&
         range.smax().slt(APInt(range.smax().getBitWidth(), extent));
}

/// Emits, before `op`, `if (index >= size, unsigned) __cot_index_error(...)`
/// for every index of `buffer` not proven in range.
LogicalResult guard(Operation *op, Value buffer, ValueRange indices,
                    DataFlowSolver &solver, ModuleOp module) {
  auto type = cast<MemRefType>(buffer.getType());
  OpBuilder b(op);
  Location loc = op->getLoc();
  for (auto [dimension, index] : llvm::enumerate(indices)) {
    int64_t extent = type.getDimSize(dimension);
    if (provenInRange(solver, index, extent))
      continue;
    Value size = memref::DimOp::create(b, loc, buffer, dimension);
    // Unsigned: a negative index is a huge one.
    Value outside =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, index, size);
    if (failed(cotangent::callRuntimeErrorIf(
            b, loc, module, outside,
            cotangent::runtime::RuntimeFunction::IndexError,
            {index, b.getI64IntegerAttr(dimension), size})))
      return failure();
  }
  return success();
}

/// Whether the analysis proves a slice of `size` elements with `stride`, at
/// `offset`, inside a dimension of `extent` (all static but the offset).
bool provenInRange(DataFlowSolver &solver, OpFoldResult offset,
                   std::optional<int64_t> size, std::optional<int64_t> stride,
                   int64_t extent) {
  if (!size || !stride || ShapedType::isDynamic(extent) || *size < 0 ||
      *stride < 0)
    return false;
  if (*size == 0)
    return true;
  int64_t room = extent - (*size - 1) * *stride; // the offsets that fit
  if (std::optional<int64_t> known = getConstantIntValue(offset))
    return *known >= 0 && *known < room;
  return provenInRange(solver, cast<Value>(offset), room);
}

/// Emits, before `subview`, a test of each dimension's slice against the
/// source's extent that calls __cot_slice_error when it runs outside.
LogicalResult guard(memref::SubViewOp subview, DataFlowSolver &solver,
                    ModuleOp module) {
  MemRefType type = subview.getSourceType();
  OpBuilder b(subview);
  Location loc = subview.getLoc();
  auto materialize = [&](OpFoldResult value) -> Value {
    if (auto dynamic = dyn_cast<Value>(value))
      return dynamic;
    return arith::ConstantIndexOp::create(b, loc, *getConstantIntValue(value));
  };
  for (int64_t dimension = 0; dimension < type.getRank(); ++dimension) {
    OpFoldResult offsetValue = subview.getMixedOffsets()[dimension];
    OpFoldResult sizeValue = subview.getMixedSizes()[dimension];
    OpFoldResult strideValue = subview.getMixedStrides()[dimension];
    if (provenInRange(solver, offsetValue, getConstantIntValue(sizeValue),
                      getConstantIntValue(strideValue),
                      type.getDimSize(dimension)))
      continue;
    Value offset = materialize(offsetValue);
    Value size = materialize(sizeValue);
    Value stride = materialize(strideValue);
    Value extent =
        memref::DimOp::create(b, loc, subview.getSource(), dimension);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto compare = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
      return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
    };
    // Outside: a negative size, or a non-empty slice whose first or last
    // element is not in [0, extent) (unsigned: negative is huge).
    Value last = arith::AddIOp::create(
        b, loc, offset,
        arith::MulIOp::create(b, loc, arith::SubIOp::create(b, loc, size, one),
                              stride));
    Value firstOutside = compare(arith::CmpIPredicate::uge, offset, extent);
    Value lastOutside = compare(arith::CmpIPredicate::uge, last, extent);
    Value nonEmptyOutside = arith::AndIOp::create(
        b, loc, compare(arith::CmpIPredicate::sgt, size, zero),
        arith::OrIOp::create(b, loc, firstOutside, lastOutside));
    Value outside = arith::OrIOp::create(
        b, loc, compare(arith::CmpIPredicate::slt, size, zero),
        nonEmptyOutside);
    if (failed(cotangent::callRuntimeErrorIf(
            b, loc, module, outside,
            cotangent::runtime::RuntimeFunction::SliceError,
            {offset, size, stride, b.getI64IntegerAttr(dimension), extent})))
      return failure();
  }
  return success();
}

struct GuardIndices : cotangent::impl::GuardIndicesBase<GuardIndices> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    SmallVector<Operation *> accesses;
    SmallVector<memref::SubViewOp> subviews;
    module.walk([&](Operation *op) {
      if (isa<memref::LoadOp, memref::StoreOp>(op))
        accesses.push_back(op);
      else if (auto subview = dyn_cast<memref::SubViewOp>(op))
        subviews.push_back(subview);
    });
    for (memref::SubViewOp subview : subviews)
      if (failed(guard(subview, solver, module)))
        return signalPassFailure();
    for (Operation *op : accesses) {
      auto [buffer, indices] =
          isa<memref::LoadOp>(op)
              ? std::pair{cast<memref::LoadOp>(op).getMemRef(),
                          ValueRange(cast<memref::LoadOp>(op).getIndices())}
              : std::pair{cast<memref::StoreOp>(op).getMemRef(),
                          ValueRange(cast<memref::StoreOp>(op).getIndices())};
      if (failed(guard(op, buffer, indices, solver, module)))
        return signalPassFailure();
    }
  }
};

} // namespace
