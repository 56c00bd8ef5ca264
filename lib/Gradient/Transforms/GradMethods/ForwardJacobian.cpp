//===- ForwardJacobian.cpp - derivatives by forward sweeps ----------------===//
//
// One `gradient.forward` (a forward sweep) gives the Jacobian-vector product
// for one vector of argument tangents; a Jacobian takes one sweep per
// argument element, each seeded with a unit tangent (its column). The
// assembly from columns serves any column source (finite differences too).
//
//===----------------------------------------------------------------------===//
#include "GradMethods.h"
#include "TensorBuilder.h"

#include "cotangent/Gradient/IR/GradientOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace cotangent::gradient;

SmallVector<Value> cotangent::gradient::jvpForward(const DerivativeRequest &r,
                                                   TypeRange resultTypes,
                                                   ValueRange tangents) {
  return ForwardOp::create(r.b, r.loc, resultTypes, r.callee.getSymName(),
                           r.args, tangents,
                           r.b.getDenseI64ArrayAttr(r.diffArgs))
      .getResults();
}

SmallVector<Value>
cotangent::gradient::forwardColumn(const DerivativeRequest &r, size_t j,
                                   Value direction) {
  SmallVector<Type> types(r.resultTypes());
  llvm::append_range(types, r.resultTypes());
  auto forward = ForwardOp::create(r.b, r.loc, types, r.callee.getSymName(),
                                   r.args, ValueRange{direction},
                                   r.b.getDenseI64ArrayAttr({r.diffArgs[j]}));
  return forward.getResults().drop_front(r.resultTypes().size());
}

SmallVector<Value>
cotangent::gradient::jacobianByColumns(const DerivativeRequest &r,
                                       ColumnSource column) {
  TensorBuilder t(r.b, r.loc);
  size_t numResults = r.resultTypes().size();
  SmallVector<Value> blocks(numResults * r.diffArgs.size());
  for (size_t j = 0; j < r.diffArgs.size(); ++j) {
    auto fill = [&](Value flat, ValueRange current) {
      SmallVector<Value> indices;
      Value direction = t.unit(r.argType(j), flat, indices);
      SmallVector<Value> columnValues = column(j, direction);
      SmallVector<Value> updated;
      for (size_t k = 0; k < numResults; ++k)
        updated.push_back(t.insertBlock(current[k], columnValues[k],
                                        shapeOf(r.resultTypes()[k]), indices,
                                        /*blockFirst=*/true));
      return updated;
    };
    SmallVector<Value> init;
    for (size_t k = 0; k < numResults; ++k)
      init.push_back(
          t.splat(derivativeType(r.resultTypes()[k], r.argType(j)), 0.0));
    SmallVector<Value> filled = t.loopOverElements(r.argType(j), init, fill);
    for (size_t k = 0; k < numResults; ++k)
      blocks[k * r.diffArgs.size() + j] = filled[k];
  }
  return blocks;
}

SmallVector<Value> cotangent::gradient::vjpByColumns(const DerivativeRequest &r,
                                                     ValueRange cotangents,
                                                     ColumnSource column) {
  TensorBuilder t(r.b, r.loc);
  SmallVector<Value> result;
  for (size_t j = 0; j < r.diffArgs.size(); ++j) {
    auto fill = [&](Value flat, ValueRange current) {
      SmallVector<Value> indices;
      Value direction = t.unit(r.argType(j), flat, indices);
      SmallVector<Value> columnValues = column(j, direction);
      Value sum;
      for (auto [cotangent, value] : llvm::zip(cotangents, columnValues)) {
        Value term = t.dot(cotangent, value);
        Type element = getElementTypeOrSelf(r.argType(j));
        if (term.getType() != element)
          term = arith::TruncFOp::create(r.b, r.loc, element, term);
        sum = sum ? arith::AddFOp::create(r.b, r.loc, sum, term).getResult()
                  : term;
      }
      return SmallVector<Value>{t.addAt(current[0], indices, sum)};
    };
    result.push_back(t.loopOverElements(r.argType(j),
                                        {t.splat(r.argType(j), 0.0)}, fill)[0]);
  }
  return result;
}
