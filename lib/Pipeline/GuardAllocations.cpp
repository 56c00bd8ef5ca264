//===- GuardAllocations.cpp - buffer sizes checked before allocating ------===//
//
// A negative dynamic extent, or extents whose product in bytes overflows 64
// bits, would reach the allocator as a wrapped-around size. Before each
// memref.alloc with dynamic extents, a test of each extent (non-negative)
// and of the byte count (no overflow) ends the call with a run-time error
// at the allocation instead. A static shape too large for any address
// space is a compile error. Before each dynamically sized or large buffer,
// the allocation's location goes to the runtime, so that running out of
// memory there is an error at the allocation too.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "RuntimeErrorBranch.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

namespace cotangent {
#define GEN_PASS_DEF_GUARDALLOCATIONS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

using cotangent::runtime::RuntimeFunction::AllocationSite;
using cotangent::runtime::RuntimeFunction::BufferSizeError;

/// Static buffers from this size on name their location to the allocator;
/// smaller ones, the many temporaries of hot code, do not pay for it.
constexpr int64_t kLocatedFromBytes = 1 << 20;

/// Tells the runtime where the allocation at the builder's insertion point
/// is.
LogicalResult locate(OpBuilder &b, Location loc, ModuleOp module) {
  return cotangent::callRuntimeFunction(
      b, loc, module, AllocationSite,
      {cotangent::sourceLocationString(b, loc, module)});
}

/// Bytes of one element, or 0 for types the allocation is not checked for.
int64_t elementBytes(Type element) {
  if (auto complex = dyn_cast<ComplexType>(element))
    return 2 * elementBytes(complex.getElementType());
  if (element.isIndex())
    return 8;
  if (!element.isIntOrFloat())
    return 0;
  return std::max<int64_t>(1, (element.getIntOrFloatBitWidth() + 7) / 8);
}

LogicalResult guard(memref::AllocOp alloc, ModuleOp module) {
  MemRefType type = alloc.getType();
  int64_t bytesPerElement = elementBytes(type.getElementType());
  if (bytesPerElement == 0)
    return success();
  // The static part of the size, which must fit in the address space alone.
  int64_t staticBytes = bytesPerElement;
  for (int64_t extent : type.getShape())
    if (!ShapedType::isDynamic(extent) &&
        llvm::MulOverflow(staticBytes, extent, staticBytes))
      return alloc.emitError("a buffer of type ")
             << type << " needs more than 2^63 bytes";
  OpBuilder b(alloc);
  Location loc = alloc.getLoc();
  if (type.hasStaticShape())
    return staticBytes >= kLocatedFromBytes ? locate(b, loc, module)
                                            : success();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value bytes = arith::ConstantIndexOp::create(b, loc, staticBytes);
  auto dynamicSizes = alloc.getDynamicSizes();
  size_t next = 0;
  for (int64_t dimension = 0; dimension < type.getRank(); ++dimension) {
    if (!type.isDynamicDim(dimension))
      continue;
    Value extent = dynamicSizes[next++];
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, extent, zero);
    if (failed(cotangent::callRuntimeErrorIf(
            b, loc, module, negative, BufferSizeError,
            {b.getI64IntegerAttr(dimension), extent})))
      return failure();
    // Unsigned high half non-zero, or the low half past the signed range.
    auto product = arith::MulUIExtendedOp::create(b, loc, bytes, extent);
    Value high = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                       product.getHigh(), zero);
    Value wrapped = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          product.getLow(), zero);
    Value overflow = arith::OrIOp::create(b, loc, high, wrapped);
    if (failed(cotangent::callRuntimeErrorIf(
            b, loc, module, overflow, BufferSizeError,
            {b.getI64IntegerAttr(-1), extent})))
      return failure();
    bytes = product.getLow();
  }
  return locate(b, loc, module);
}

struct GuardAllocations
    : cotangent::impl::GuardAllocationsBase<GuardAllocations> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<memref::AllocOp> allocs;
    module.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    for (memref::AllocOp alloc : allocs)
      if (failed(guard(alloc, module)))
        return signalPassFailure();
  }
};

} // namespace
