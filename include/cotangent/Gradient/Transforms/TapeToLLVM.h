//===- TapeToLLVM.h - tape pushes and pops as inline stack code -*- C++ -*-===//
#ifndef COTANGENT_GRADIENT_TRANSFORMS_TAPETOLLVM_H
#define COTANGENT_GRADIENT_TRANSFORMS_TAPETOLLVM_H

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace cotangent::gradient {
/// Lowers tape_push/tape_pop to inline code on the runtime's tape (a stack of
/// 8-byte slots, see runtime/include/cotangent/Runtime/Tape.h).
void populateTapeToLLVMConversionPatterns(mlir::LLVMTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// Makes `convert-to-llvm` lower the gradient dialect's tape ops.
void registerConvertGradientToLLVMInterface(mlir::DialectRegistry &registry);
} // namespace cotangent::gradient

#endif
