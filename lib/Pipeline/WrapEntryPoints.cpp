//===- WrapEntryPoints.cpp - host-callable twins of public functions ------===//
//
// The host calls compiled code through one uniform convention: a pointer to a
// buffer descriptor per argument and per result. This pass builds that twin
// for each public function, so the engine needs no knowledge of a function's
// own calling convention (scalars, returned buffers).
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace cotangent {
#define GEN_PASS_DEF_WRAPENTRYPOINTS
#include "cotangent/Pipeline/Passes.h.inc"
} // namespace cotangent

using namespace mlir;

namespace {

/// The buffer that carries a value of type `type` across the host boundary, or
/// null if the host cannot pass such a value.
MemRefType hostBufferType(Type type) {
  if (type.isIntOrFloat() || isa<ComplexType>(type))
    return MemRefType::get({}, type);
  auto memref = dyn_cast<MemRefType>(type);
  if (memref && memref.hasStaticShape() && memref.getLayout().isIdentity())
    return memref;
  return nullptr;
}

struct WrapEntryPoints : cotangent::impl::WrapEntryPointsBase<WrapEntryPoints> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> publicFunctions;
    for (auto function : module.getOps<func::FuncOp>())
      if (function.isPublic() && !function.isExternal() &&
          !function.getName().starts_with(cotangent::kEntryWrapperPrefix))
        publicFunctions.push_back(function);
    for (func::FuncOp function : publicFunctions)
      wrap(function);
  }

  void wrap(func::FuncOp function) {
    FunctionType type = function.getFunctionType();
    SmallVector<Type> buffers;
    for (Type value :
         llvm::concat<const Type>(type.getInputs(), type.getResults())) {
      MemRefType buffer = hostBufferType(value);
      if (!buffer)
        return; // Not callable from the host; the engine reports why.
      buffers.push_back(buffer);
    }

    Location loc = function.getLoc();
    OpBuilder builder(function.getContext());
    builder.setInsertionPointAfter(function);
    std::string name =
        (cotangent::kEntryWrapperPrefix + function.getName()).str();
    auto wrapper = func::FuncOp::create(builder, loc, name,
                                        builder.getFunctionType(buffers, {}));
    wrapper->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                     builder.getUnitAttr());
    Block *body = wrapper.addEntryBlock();
    builder.setInsertionPointToStart(body);

    unsigned numInputs = type.getNumInputs();
    SmallVector<Value> arguments;
    for (auto [input, buffer] : llvm::zip(
             type.getInputs(), body->getArguments().take_front(numInputs)))
      arguments.push_back(isa<MemRefType>(input)
                              ? Value(buffer)
                              : memref::LoadOp::create(builder, loc, buffer));
    auto call = func::CallOp::create(builder, loc, function, arguments);
    for (auto [result, buffer] : llvm::zip(
             call.getResults(), body->getArguments().drop_front(numInputs))) {
      if (isa<MemRefType>(result.getType()))
        memref::CopyOp::create(builder, loc, result, buffer);
      else
        memref::StoreOp::create(builder, loc, result, buffer);
    }
    func::ReturnOp::create(builder, loc);
  }
};

} // namespace
