//===- IRBuilders.cpp - small IR builders for derivative code -------------===//
#include "cotangent/Support/IRBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

Value cotangent::zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, FloatAttr::get(type, 0.0));
}

Value cotangent::convertFloat(OpBuilder &b, Location loc, Value value,
                              Type type) {
  unsigned from = value.getType().getIntOrFloatBitWidth();
  unsigned to = type.getIntOrFloatBitWidth();
  if (from < to)
    return arith::ExtFOp::create(b, loc, type, value);
  if (from > to)
    return arith::TruncFOp::create(b, loc, type, value);
  return value;
}

Value cotangent::addOrNull(OpBuilder &b, Location loc, Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return arith::AddFOp::create(b, loc, x, y);
}

void cotangent::forEachIndex(
    OpBuilder &b, Location loc, Value buffer, bool backwards,
    function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<Value> lower, upper, steps;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    lower.push_back(arith::ConstantIndexOp::create(b, loc, 0));
    upper.push_back(type.isDynamicDim(dim)
                        ? Value(memref::DimOp::create(b, loc, buffer, dim))
                        : Value(arith::ConstantIndexOp::create(
                              b, loc, type.getDimSize(dim))));
    steps.push_back(arith::ConstantIndexOp::create(b, loc, 1));
  }
  scf::buildLoopNest(
      b, loc, lower, upper, steps,
      [&](OpBuilder &nb, Location nl, ValueRange ivs) {
        if (!backwards)
          return body(nb, nl, ivs);
        SmallVector<Value> reversed;
        Value one = arith::ConstantIndexOp::create(nb, nl, 1);
        for (auto [iv, extent] : llvm::zip(ivs, upper)) {
          Value last = arith::SubIOp::create(nb, nl, extent, one);
          reversed.push_back(arith::SubIOp::create(nb, nl, last, iv));
        }
        body(nb, nl, reversed);
      });
}

// Plain loops, not linalg ops: derivative code may be differentiated again
// (forward over reverse), and the engine differentiates loops.
void cotangent::fillZero(OpBuilder &b, Location loc, Value buffer) {
  Type element = cast<MemRefType>(buffer.getType()).getElementType();
  Value zero = zeroOf(b, loc, element);
  forEachIndex(b, loc, buffer, false,
               [&](OpBuilder &nb, Location nl, ValueRange indices) {
                 memref::StoreOp::create(nb, nl, zero, buffer, indices);
               });
}

Value cotangent::zeroBufferLike(OpBuilder &b, Location loc, Value like,
                                ValueRange dynamicSizes) {
  auto type = cast<MemRefType>(like.getType());
  Value buffer = memref::AllocOp::create(
      b, loc, MemRefType::get(type.getShape(), type.getElementType()),
      dynamicSizes);
  fillZero(b, loc, buffer);
  return buffer;
}

void cotangent::accumulateInto(OpBuilder &b, Location loc, Value source,
                               Value target) {
  forEachIndex(b, loc, target, false,
               [&](OpBuilder &nb, Location nl, ValueRange indices) {
                 Value x = memref::LoadOp::create(nb, nl, source, indices);
                 Value y = memref::LoadOp::create(nb, nl, target, indices);
                 Value sum = arith::AddFOp::create(nb, nl, x, y);
                 memref::StoreOp::create(nb, nl, sum, target, indices);
               });
}

Value cotangent::tripCount(OpBuilder &b, Location loc, Value lb, Value ub,
                           Value step) {
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value count = arith::CeilDivSIOp::create(b, loc, span, step);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(lb.getType()));
  return arith::MaxSIOp::create(b, loc, count, zero);
}

void cotangent::dropTerminator(Block *block) {
  if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
    block->back().erase();
}

MemRefType cotangent::bufferTypeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return MemRefType::get(shaped.getShape(), shaped.getElementType());
  return MemRefType::get({}, type);
}

Value cotangent::newBufferFor(OpBuilder &b, Location loc, Type type) {
  return memref::AllocOp::create(b, loc, bufferTypeOf(type));
}

Value cotangent::boxed(OpBuilder &b, Location loc, Value value) {
  Value buffer = newBufferFor(b, loc, value.getType());
  memref::StoreOp::create(b, loc, value, buffer);
  return buffer;
}

Value cotangent::unboxed(OpBuilder &b, Location loc, Value buffer) {
  return memref::LoadOp::create(b, loc, buffer);
}

namespace {
/// The discardable attribute naming the program function a generated one
/// derives from.
constexpr llvm::StringLiteral kDerivedFromAttrName = "cot.derived_from";
} // namespace

func::FuncOp cotangent::createDerivedFunction(ModuleOp module,
                                              func::FuncOp base,
                                              StringRef suffix,
                                              FunctionType type) {
  auto function = func::FuncOp::create(base.getLoc(),
                                       (base.getName() + suffix).str(), type);
  function.setPrivate();
  StringAttr source = sourceFunctionName(base);
  function->setAttr(kDerivedFromAttrName,
                    source ? source : base.getSymNameAttr());
  // Renames the new function if its name is taken.
  SymbolTable(module).insert(function, std::next(Block::iterator(base)));
  return function;
}

StringAttr cotangent::sourceFunctionName(func::FuncOp function) {
  return function->getAttrOfType<StringAttr>(kDerivedFromAttrName);
}
