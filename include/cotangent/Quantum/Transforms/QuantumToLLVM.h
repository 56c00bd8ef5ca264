//===- QuantumToLLVM.h - lowering quantum ops to runtime calls --*- C++ -*-===//
#ifndef COTANGENT_QUANTUM_TRANSFORMS_QUANTUMTOLLVM_H
#define COTANGENT_QUANTUM_TRANSFORMS_QUANTUMTOLLVM_H

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace cotangent::quantum {
/// Patterns lowering bufferized quantum ops to calls of the runtime's C ABI
/// (runtime/include/cotangent/Runtime/CApi.h); registers, qubits and
/// observables become i64 handles.
void populateQuantumToLLVMConversionPatterns(mlir::LLVMTypeConverter &converter,
                                             mlir::RewritePatternSet &patterns);

/// Makes `convert-to-llvm` lower the quantum dialect too.
void registerConvertQuantumToLLVMInterface(mlir::DialectRegistry &registry);
} // namespace cotangent::quantum

#endif
