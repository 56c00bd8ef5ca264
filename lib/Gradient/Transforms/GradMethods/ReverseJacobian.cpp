//===- ReverseJacobian.cpp - derivatives by reverse sweeps ----------------===//
//
// One `gradient.backprop` (a reverse sweep) gives the vector-Jacobian
// product for one vector of result cotangents; a Jacobian takes one sweep
// per result element, each seeded with a unit cotangent (its row).
//
//===----------------------------------------------------------------------===//
#include "GradMethods.h"
#include "TensorBuilder.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace cotangent::gradient;

SmallVector<Value> DerivativeRequest::callPrimal(ValueRange operands) const {
  return func::CallOp::create(b, loc, callee, operands).getResults();
}

SmallVector<Value> cotangent::gradient::vjpReverse(const DerivativeRequest &r,
                                                   TypeRange resultTypes,
                                                   ValueRange cotangents) {
  return BackpropOp::create(r.b, r.loc, resultTypes, r.callee.getSymName(),
                            r.args, cotangents,
                            r.b.getDenseI64ArrayAttr(r.diffArgs))
      .getResults();
}

SmallVector<Value> cotangent::gradient::backprop(const DerivativeRequest &r,
                                                 ValueRange cotangents) {
  SmallVector<Type> types(r.resultTypes());
  for (size_t j = 0; j < r.diffArgs.size(); ++j)
    types.push_back(r.argType(j));
  return llvm::to_vector(ArrayRef<Value>(vjpReverse(r, types, cotangents))
                             .drop_front(r.resultTypes().size()));
}

/// The cotangents of one row: the unit at flat element `flat` of result k
/// (its indices into `indices`), zero for the other results.
static SmallVector<Value> unitCotangents(const DerivativeRequest &r,
                                         TensorBuilder &t, size_t k, Value flat,
                                         SmallVector<Value> &indices) {
  SmallVector<Value> cotangents;
  for (auto [other, type] : llvm::enumerate(r.resultTypes()))
    cotangents.push_back(other == k ? t.unit(type, flat, indices)
                                    : t.splat(type, 0.0));
  return cotangents;
}

SmallVector<Value>
cotangent::gradient::jacobianByRows(const DerivativeRequest &r) {
  TensorBuilder t(r.b, r.loc);
  size_t numResults = r.resultTypes().size();
  SmallVector<Value> blocks;
  for (size_t k = 0; k < numResults; ++k) {
    Type resultType = r.resultTypes()[k];
    auto row = [&](Value flat, ValueRange current) {
      SmallVector<Value> indices;
      SmallVector<Value> gradients =
          backprop(r, unitCotangents(r, t, k, flat, indices));
      SmallVector<Value> updated;
      for (size_t j = 0; j < r.diffArgs.size(); ++j)
        updated.push_back(t.insertBlock(current[j], gradients[j],
                                        shapeOf(r.argType(j)), indices,
                                        /*blockFirst=*/false));
      return updated;
    };
    SmallVector<Value> init;
    for (size_t j = 0; j < r.diffArgs.size(); ++j)
      init.push_back(t.splat(derivativeType(resultType, r.argType(j)), 0.0));
    llvm::append_range(blocks, t.loopOverElements(resultType, init, row));
  }
  return blocks;
}

SmallVector<Value> cotangent::gradient::jvpByRows(const DerivativeRequest &r,
                                                  ValueRange tangents) {
  TensorBuilder t(r.b, r.loc);
  size_t numResults = r.resultTypes().size();
  SmallVector<Value> results;
  for (size_t k = 0; k < numResults; ++k) {
    Type resultType = r.resultTypes()[k];
    auto fill = [&](Value flat, ValueRange current) {
      SmallVector<Value> indices;
      Value sum;
      for (auto [row, tangent] : llvm::zip(
               backprop(r, unitCotangents(r, t, k, flat, indices)), tangents)) {
        Value term = t.dot(row, tangent);
        Type element = getElementTypeOrSelf(resultType);
        if (term.getType() != element)
          term = convertFloat(r.b, r.loc, term, element);
        sum = sum ? arith::AddFOp::create(r.b, r.loc, sum, term).getResult()
                  : term;
      }
      return SmallVector<Value>{t.addAt(current[0], indices, sum)};
    };
    results.push_back(
        t.loopOverElements(resultType, {t.splat(resultType, 0.0)}, fill)[0]);
  }
  return results;
}
