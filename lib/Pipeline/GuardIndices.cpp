//===- GuardIndices.cpp - buffer indices checked at run time --------------===//
//
// A load or store at an index outside its buffer reads garbage or corrupts
// memory. Each memref.load and memref.store (tensor.extract and
// tensor.insert become these) gets a test of every index against its
// dimension that ends the call with a located run-time error. An index the
// integer range analysis proves in range (a loop over a static shape) needs
// no test.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "cotangent/Support/RuntimeABI.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

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
    auto branch = scf::IfOp::create(b, loc, outside, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard insertion(b);
    b.setInsertionPointToStart(branch.thenBlock());
    auto asI64 = [&](Value value) -> Value {
      return arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
    };
    Value dimensionCode = LLVM::ConstantOp::create(
        b, loc, b.getI64Type(), b.getI64IntegerAttr(dimension));
    if (failed(cotangent::callRuntimeFunction(
            b, loc, module, cotangent::runtime::RuntimeFunction::IndexError,
            {asI64(index), dimensionCode, asI64(size),
             cotangent::sourceLocationString(b, loc, module)})))
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
    module.walk([&](Operation *op) {
      if (isa<memref::LoadOp, memref::StoreOp>(op))
        accesses.push_back(op);
    });
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
