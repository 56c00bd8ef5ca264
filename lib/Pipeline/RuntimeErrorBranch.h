//===- RuntimeErrorBranch.h - Ending a call when a check fails -*- C++ -*-===//
//
// The guard passes test a condition before an op and, when it holds, call a
// runtime function that ends the call with a located error. This builds the
// branch and the call, for each of them.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_PIPELINE_RUNTIMEERRORBRANCH_H
#define COTANGENT_PIPELINE_RUNTIMEERRORBRANCH_H

#include "cotangent/Support/RuntimeABI.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace cotangent {

/// Emits `if (condition) error(operands..., where)` at the builder's
/// insertion point, `where` being `loc`. Each operand is an index or i64
/// value (passed as i64) or an integer attribute (an i64 constant); the
/// values are converted inside the branch, so the common path pays nothing.
inline mlir::LogicalResult
callRuntimeErrorIf(mlir::OpBuilder &b, mlir::Location loc,
                   mlir::ModuleOp module, mlir::Value condition,
                   runtime::RuntimeFunction error,
                   llvm::ArrayRef<mlir::OpFoldResult> operands) {
  auto branch =
      mlir::scf::IfOp::create(b, loc, condition, /*withElseRegion=*/false);
  mlir::OpBuilder::InsertionGuard insertion(b);
  b.setInsertionPointToStart(branch.thenBlock());
  llvm::SmallVector<mlir::Value> arguments;
  for (mlir::OpFoldResult operand : operands) {
    if (auto attribute = llvm::dyn_cast<mlir::Attribute>(operand)) {
      arguments.push_back(mlir::LLVM::ConstantOp::create(
          b, loc, b.getI64Type(), llvm::cast<mlir::IntegerAttr>(attribute)));
      continue;
    }
    mlir::Value value = llvm::cast<mlir::Value>(operand);
    if (value.getType().isIndex())
      value = mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
    arguments.push_back(value);
  }
  arguments.push_back(sourceLocationString(b, loc, module));
  return callRuntimeFunction(b, loc, module, error, arguments);
}

} // namespace cotangent

#endif // COTANGENT_PIPELINE_RUNTIMEERRORBRANCH_H
