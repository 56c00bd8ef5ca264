//===- TensorBuilder.cpp - tensor-level pieces of derivative code ---------===//
#include "TensorBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace cotangent::gradient;

int64_t cotangent::gradient::numElements(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getNumElements();
  return 1;
}

ArrayRef<int64_t> cotangent::gradient::shapeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getShape();
  return {};
}

Value TensorBuilder::index(int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value TensorBuilder::splat(Type type, double value) {
  Type element = getElementTypeOrSelf(type);
  auto scalar = FloatAttr::get(element, value);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(tensor, scalar));
  return arith::ConstantOp::create(b, loc, scalar);
}

SmallVector<Value> TensorBuilder::delinearize(Value flat,
                                              ArrayRef<int64_t> shape) {
  SmallVector<Value> indices(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    Value dim = index(shape[i]);
    indices[i] =
        i == 0 ? flat : arith::RemUIOp::create(b, loc, flat, dim).getResult();
    if (i > 0)
      flat = arith::DivUIOp::create(b, loc, flat, dim);
  }
  return indices;
}

Value TensorBuilder::addAt(Value base, ArrayRef<Value> indices, Value delta) {
  if (indices.empty())
    return arith::AddFOp::create(b, loc, base, delta);
  Value old = tensor::ExtractOp::create(b, loc, base, indices);
  Value sum = arith::AddFOp::create(b, loc, old, delta);
  return tensor::InsertOp::create(b, loc, sum, base, indices);
}

Value TensorBuilder::insertBlock(Value target, Value block,
                                 ArrayRef<int64_t> blockShape,
                                 ArrayRef<Value> indices, bool blockFirst) {
  if (indices.empty())
    return block;
  if (blockShape.empty())
    return tensor::InsertOp::create(b, loc, block, target, indices);
  SmallVector<OpFoldResult> offsets, sizes, strides;
  auto addBlockDims = [&] {
    for (int64_t dim : blockShape) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(b.getIndexAttr(dim));
    }
  };
  auto addIndexDims = [&] {
    for (Value index : indices) {
      offsets.push_back(index);
      sizes.push_back(b.getIndexAttr(1));
    }
  };
  if (blockFirst) {
    addBlockDims();
    addIndexDims();
  } else {
    addIndexDims();
    addBlockDims();
  }
  strides.assign(offsets.size(), b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(b, loc, block, target, offsets, sizes,
                                       strides);
}

Value TensorBuilder::dot(Value x, Value y) {
  Value product = arith::MulFOp::create(b, loc, x, y);
  auto tensor = dyn_cast<RankedTensorType>(product.getType());
  if (!tensor)
    return product;
  Type element = tensor.getElementType();
  auto scalarType = RankedTensorType::get({}, element);
  Value init = splat(scalarType, 0.0);
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(0, tensor.getRank()));
  auto reduce = linalg::ReduceOp::create(
      b, loc, ValueRange{product}, ValueRange{init}, dims,
      [](OpBuilder &nb, Location nl, ValueRange args) {
        Value sum = arith::AddFOp::create(nb, nl, args[0], args[1]);
        linalg::YieldOp::create(nb, nl, sum);
      });
  return tensor::ExtractOp::create(b, loc, reduce.getResult(0), ValueRange{});
}

Value TensorBuilder::unit(Type type, Value flat, SmallVector<Value> &indices) {
  if (!flat)
    return splat(type, 1.0);
  indices = delinearize(flat, shapeOf(type));
  return tensor::InsertOp::create(b, loc,
                                  splat(getElementTypeOrSelf(type), 1.0),
                                  splat(type, 0.0), indices);
}

SmallVector<Value> TensorBuilder::loopOverElements(
    Type type, ValueRange init,
    llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body) {
  if (!isa<ShapedType>(type))
    return body(Value(), init);
  auto loop = scf::ForOp::create(b, loc, index(0), index(numElements(type)),
                                 index(1), init);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> next =
      body(loop.getInductionVar(), loop.getRegionIterArgs());
  scf::YieldOp::create(b, loc, next);
  return loop.getResults();
}
