//===- TangentSweep.h - forward-mode derivative functions -------*- C++ -*-===//
//
// One sweep: every op is cloned and followed by the code of its tangent.
// Scalars carry tangents as SSA values (loops and branches carry them as
// extra loop values and results); buffers carry them in shadow buffers that
// every load, store, copy and view mirrors. Scalar ops get their tangents
// from their ScalarRule, every other op from its OpRule.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_TANGENTSWEEP_H
#define COTANGENT_LIB_AUTODIFF_TANGENTSWEEP_H

#include "cotangent/AutoDiff/Engine.h"
#include "mlir/IR/IRMapping.h"

namespace cotangent::autodiff {
class Activity;

class TangentSweep {
public:
  TangentSweep(Engine &engine, const Activity &activity)
      : engine(engine), activity(activity) {}

  /// Fills the empty function `target` (see Engine.h for its signature).
  mlir::LogicalResult emit(mlir::func::FuncOp primal,
                           llvm::ArrayRef<unsigned> activeArgs,
                           mlir::func::FuncOp target);

  //===--- For rules ------------------------------------------------------===//

  /// The tangent of `value`, or null for zero.
  mlir::Value tangentOf(mlir::Value value) { return tangent.lookup(value); }
  /// The tangent of `value`, or a zero (a zero buffer for a buffer). An
  /// active buffer without a tangent is an error (reported once; emit then
  /// fails).
  mlir::Value tangentOrZero(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value value);
  void setTangent(mlir::Value value, mlir::Value t) { tangent[value] = t; }

  /// Whether a value crossing a region boundary brings its tangent along:
  /// active floats, and active buffers (their tangent buffers).
  bool carriesTangent(mlir::Value value);
  /// Types of `values` followed by the types of those carrying tangents.
  llvm::SmallVector<mlir::Type> withTangentTypes(mlir::ValueRange values);
  /// Maps `op`'s results to `clone`'s, whose results beyond op's are the
  /// tangents of the results carrying them, in order.
  void mapResults(mlir::Operation *op, mlir::Operation *clone);

  /// Emits `source`'s ops into `dest`, whose leading arguments mirror
  /// `source`'s and are followed by the tangents of those carrying them. The
  /// terminator is cloned with the tangents of `tangentOperands` (some of
  /// its operands) appended.
  mlir::LogicalResult emitRegionBody(mlir::Block &source, mlir::Block &dest,
                                     mlir::ValueRange tangentOperands,
                                     mlir::OpBuilder &b);

  mlir::Value mapped(mlir::Value value) const { return map.lookup(value); }
  llvm::SmallVector<mlir::Value> mapped(mlir::ValueRange values) const;
  mlir::Operation *cloneOp(mlir::Operation *op, mlir::OpBuilder &b) {
    return b.clone(*op, map);
  }

  Engine &engine;
  const Activity &activity;
  mlir::IRMapping map;

private:
  mlir::LogicalResult emitOp(mlir::Operation *op, mlir::OpBuilder &b);
  mlir::LogicalResult emitScalarOp(mlir::Operation *op, mlir::OpBuilder &b);

  llvm::DenseMap<mlir::Value, mlir::Value> tangent;
  bool missingTangent = false;
};

} // namespace cotangent::autodiff

#endif
