//===- GradMethods.h - the ways of computing derivatives ---------*- C++
//-*-===//
//
// Each method builds, at tensor level, the derivatives of one call of a
// callee with respect to some of its arguments. LowerGradients.cpp picks one
// per op; each lives in a file of its own:
//   ReverseJacobian.cpp    reverse sweeps (`gradient.backprop`): one per row
//   CircuitAdjoint.cpp     a circuit's VJP by the adjoint method
//   CircuitParameterShift.cpp  a circuit's VJP by parameter shifts
//   ForwardJacobian.cpp    forward sweeps (`gradient.forward`): one per
//                          column; also the assembly of any column source
//   FiniteDifferences.cpp  central differences, as a column source
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_GRADIENT_GRADMETHODS_GRADMETHODS_H
#define COTANGENT_LIB_GRADIENT_GRADMETHODS_GRADMETHODS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace cotangent::gradient {

/// The derivatives of `callee` at `args` with respect to the arguments
/// `diffArgs`, built at `b`'s insertion point.
struct DerivativeRequest {
  mlir::OpBuilder &b;
  mlir::Location loc;
  mutable mlir::func::FuncOp callee; // MLIR op handles have no const API
  mlir::ValueRange args;
  llvm::ArrayRef<int64_t> diffArgs;

  mlir::Type argType(size_t j) const {
    return callee.getArgumentTypes()[diffArgs[j]];
  }
  mlir::TypeRange resultTypes() const { return callee.getResultTypes(); }
  llvm::SmallVector<mlir::Value> callPrimal(mlir::ValueRange operands) const;
};

/// The result tangents for the tangent `direction` of differentiated
/// argument `j` alone.
using ColumnSource = llvm::function_ref<llvm::SmallVector<mlir::Value>(
    size_t j, mlir::Value direction)>;

//===--- ReverseJacobian.cpp ----------------------------------------------===//

/// Cotangents of the differentiated arguments for the given result
/// cotangents (one reverse sweep).
llvm::SmallVector<mlir::Value> backprop(const DerivativeRequest &request,
                                        mlir::ValueRange cotangents);
/// The results and the argument cotangents for the given result cotangents
/// (one reverse sweep).
llvm::SmallVector<mlir::Value> vjpReverse(const DerivativeRequest &request,
                                          mlir::TypeRange resultTypes,
                                          mlir::ValueRange cotangents);
/// Result-major Jacobian blocks, one row (result element) at a time.
llvm::SmallVector<mlir::Value> jacobianByRows(const DerivativeRequest &request);
/// Jacobian-vector product assembled from rows: the tangent of result
/// element e is <row e, tangents> (one reverse sweep per result element).
llvm::SmallVector<mlir::Value> jvpByRows(const DerivativeRequest &request,
                                         mlir::ValueRange tangents);

//===--- ForwardJacobian.cpp ----------------------------------------------===//

/// The result tangents of one forward sweep (a ColumnSource).
llvm::SmallVector<mlir::Value> forwardColumn(const DerivativeRequest &request,
                                             size_t j, mlir::Value direction);
/// The results and their tangents for tangents of all differentiated
/// arguments (one forward sweep).
llvm::SmallVector<mlir::Value> jvpForward(const DerivativeRequest &request,
                                          mlir::TypeRange resultTypes,
                                          mlir::ValueRange tangents);
/// Result-major Jacobian blocks, one column (argument element) at a time.
llvm::SmallVector<mlir::Value>
jacobianByColumns(const DerivativeRequest &request, ColumnSource column);
/// Vector-Jacobian product assembled from columns: the cotangent of argument
/// element e is <cotangents, column e>.
llvm::SmallVector<mlir::Value> vjpByColumns(const DerivativeRequest &request,
                                            mlir::ValueRange cotangents,
                                            ColumnSource column);

//===--- FiniteDifferences.cpp --------------------------------------------===//

/// (f(x + h d) - f(x - h d)) / 2h for directions `d` of the arguments
/// `indices`.
llvm::SmallVector<mlir::Value>
centralDifferences(const DerivativeRequest &request,
                   llvm::ArrayRef<int64_t> indices, mlir::ValueRange directions,
                   double h);
/// Central differences along one differentiated argument (a ColumnSource).
llvm::SmallVector<mlir::Value>
finiteDifferenceColumn(const DerivativeRequest &request, size_t j,
                       mlir::Value direction, double h);

} // namespace cotangent::gradient

#endif
