//===- RuntimeCall.h - building one call of the runtime's C ABI -*- C++ -*-===//
//
// For lowerings of ops to runtime calls (ConvertOpToLLVMPattern): constants,
// the op's source location as a C string, stack arrays of arguments and the
// call itself, declared from the ABI table (RuntimeABI.h).
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_SUPPORT_RUNTIMECALL_H
#define COTANGENT_SUPPORT_RUNTIMECALL_H

#include "cotangent/Support/RuntimeABI.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

namespace cotangent {

/// Builds the pieces of one runtime call at the current insertion point.
class RuntimeCall {
public:
  RuntimeCall(mlir::ConversionPatternRewriter &rewriter, mlir::Operation *op);

  mlir::Type i64();
  mlir::Type f64();
  mlir::Type ptr();

  mlir::Value constant(int64_t value);

  /// The op's source location as a pointer to a constant C string.
  mlir::Value where();

  /// A stack array holding `values`; the slot is allocated once in the
  /// function's entry block so calls inside loops do not grow the stack.
  mlir::Value array(mlir::ValueRange values, mlir::Type elementType);
  /// A pointer to a constant global array of `values` (one global per
  /// distinct content): nothing is stored at run time.
  mlir::Value constantArray(llvm::ArrayRef<int64_t> values);
  /// A pointer to a constant global array of the source-location strings
  /// of `locations` (see where).
  mlir::Value whereArray(llvm::ArrayRef<mlir::Location> locations);

  /// Calls `function`, declaring it on first use (fails if the module
  /// declares its symbol with another type).
  mlir::FailureOr<mlir::LLVM::CallOp> call(runtime::RuntimeFunction function,
                                           llvm::ArrayRef<mlir::Value> args);

  /// Replaces the op by a call of `function`, whose result (if any) takes
  /// the place of the op's.
  mlir::LogicalResult replaceByCall(runtime::RuntimeFunction function,
                                    llvm::ArrayRef<mlir::Value> args);

  /// A stack slot of `count` elements, allocated once in the function's
  /// entry block.
  mlir::Value entryBlockSlot(mlir::Type elementType, int64_t count = 1);
  /// A pointer to a stack slot holding the scalar `value` (stored here).
  mlir::Value slotHolding(mlir::Value value);

private:
  mlir::ConversionPatternRewriter &rewriter;
  mlir::Operation *op;
  mlir::Location loc;
  mlir::ModuleOp module;
};

/// The data pointer of a contiguous buffer (bufferization guarantees the
/// identity layout; the descriptor's offset is still honoured).
mlir::Value bufferPointer(mlir::ConversionPatternRewriter &rewriter,
                          mlir::Location loc,
                          const mlir::LLVMTypeConverter &converter,
                          mlir::Value original, mlir::Value descriptor);

} // namespace cotangent

#endif
