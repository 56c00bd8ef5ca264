//===- DestinationPassing.cpp ---------------------------------------------===//
#include "DestinationPassing.h"

#include "cotangent/Support/IRBuilders.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

void cotangent::gradient::callWithBuffers(OpBuilder &b, Location loc,
                                          func::FuncOp callee,
                                          FunctionType tensorType,
                                          ValueRange inputs,
                                          ValueRange outputs) {
  SmallVector<Value> operands;
  for (auto [buffer, type] : llvm::zip(inputs, tensorType.getInputs()))
    operands.push_back(isa<ShapedType>(type) ? buffer
                                             : unboxed(b, loc, buffer));
  for (auto [buffer, type] : llvm::zip(outputs, tensorType.getResults()))
    if (isa<ShapedType>(type))
      operands.push_back(buffer);
  auto call = func::CallOp::create(b, loc, callee, operands);
  unsigned next = 0;
  for (auto [buffer, type] : llvm::zip(outputs, tensorType.getResults()))
    if (!isa<ShapedType>(type))
      memref::StoreOp::create(b, loc, call.getResult(next++), buffer);
}

std::pair<func::FuncOp, func::FuncOp>
cotangent::gradient::createTripleFunctions(ModuleOp module, func::FuncOp callee,
                                           FunctionType tensorType) {
  MLIRContext *context = module.getContext();
  SmallVector<Type> buffers;
  for (Type type : llvm::concat<const Type>(tensorType.getInputs(),
                                            tensorType.getResults()))
    buffers.append(2, bufferTypeOf(type));
  Type pointer = LLVM::LLVMPointerType::get(context);
  func::FuncOp forward = createDerivedFunction(
      module, callee, ".fwd", FunctionType::get(context, buffers, pointer));
  buffers.push_back(pointer);
  func::FuncOp reverse = createDerivedFunction(
      module, callee, ".rev", FunctionType::get(context, buffers, {}));
  return {forward, reverse};
}
