//===- CallbackToLLVM.h - callback ops become runtime calls -----*- C++ -*-===//
#ifndef COTANGENT_CALLBACK_TRANSFORMS_CALLBACKTOLLVM_H
#define COTANGENT_CALLBACK_TRANSFORMS_CALLBACKTOLLVM_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace cotangent::callback {
/// Makes convert-to-llvm lower callback.invoke and callback.print to calls
/// of the runtime's __cot_callback and __cot_print.
void registerConvertCallbackToLLVMInterface(mlir::DialectRegistry &registry);
} // namespace cotangent::callback

#endif
