//===- FiniteDifferences.cpp - derivatives by central differences ---------===//
//
// `method = "fd"`: (f(x + h d) - f(x - h d)) / 2h, with the step `h` of the
// op. Jacobians and vector-Jacobian products are assembled from these
// columns like forward-mode ones (ForwardJacobian.cpp).
//
//===----------------------------------------------------------------------===//
#include "GradMethods.h"
#include "TensorBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace cotangent::gradient;

SmallVector<Value>
cotangent::gradient::centralDifferences(const DerivativeRequest &r,
                                        ArrayRef<int64_t> indices,
                                        ValueRange directions, double h) {
  TensorBuilder t(r.b, r.loc);
  auto shifted = [&](double sign) {
    SmallVector<Value> operands(r.args);
    for (auto [index, direction] : llvm::zip(indices, directions)) {
      Value step = t.splat(direction.getType(), sign * h);
      Value delta = arith::MulFOp::create(r.b, r.loc, direction, step);
      operands[index] =
          arith::AddFOp::create(r.b, r.loc, operands[index], delta);
    }
    return r.callPrimal(operands);
  };
  SmallVector<Value> plus = shifted(1.0), minus = shifted(-1.0);
  SmallVector<Value> result;
  for (auto [p, m] : llvm::zip(plus, minus)) {
    Value difference = arith::SubFOp::create(r.b, r.loc, p, m);
    result.push_back(arith::DivFOp::create(
        r.b, r.loc, difference, t.splat(difference.getType(), 2 * h)));
  }
  return result;
}

SmallVector<Value> cotangent::gradient::finiteDifferenceColumn(
    const DerivativeRequest &r, size_t j, Value direction, double h) {
  return centralDifferences(r, {r.diffArgs[j]}, {direction}, h);
}
