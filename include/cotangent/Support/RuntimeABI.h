//===- RuntimeABI.h - Runtime functions as LLVM-dialect callees -*- C++ -*-===//
//
// Lowerings declare and call the runtime's functions through these, so each
// function's name and type come from runtime/.../RuntimeABI.def, the table
// the runtime itself is checked against, never from a string spelled here.
// From a ConvertOpToLLVMPattern:
//
//   using cotangent::runtime::RuntimeFunction;
//   auto module = op->getParentOfType<ModuleOp>();
//   FailureOr<LLVM::CallOp> call = cotangent::callRuntimeFunction(
//       rewriter, op.getLoc(), module, RuntimeFunction::TapeGrow,
//       {tape, needed});
//   if (failed(call))
//     return failure(); // the module declares the symbol with another type
//
// or, to get the declaration alone,
//   lookupOrCreateRuntimeFunction(rewriter, module, RuntimeFunction::Tape).
// Most functions take a source location to prefix their errors with:
// sourceLocationString(rewriter, op.getLoc(), module).
// The arguments must have the table's types (Ptr is !llvm.ptr, I64 is i64).
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_SUPPORT_RUNTIMEABI_H
#define COTANGENT_SUPPORT_RUNTIMEABI_H

#include "cotangent/Runtime/RuntimeABI.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"

#include <string>

namespace cotangent {
namespace detail {

template <typename Word> mlir::Type llvmType(mlir::MLIRContext *context);
template <>
inline mlir::Type llvmType<runtime::abi::Void>(mlir::MLIRContext *context) {
  return mlir::LLVM::LLVMVoidType::get(context);
}
template <>
inline mlir::Type llvmType<runtime::abi::I8>(mlir::MLIRContext *context) {
  return mlir::IntegerType::get(context, 8);
}
template <>
inline mlir::Type llvmType<runtime::abi::I64>(mlir::MLIRContext *context) {
  return mlir::IntegerType::get(context, 64);
}
template <>
inline mlir::Type llvmType<runtime::abi::F64>(mlir::MLIRContext *context) {
  return mlir::Float64Type::get(context);
}
template <>
inline mlir::Type llvmType<runtime::abi::Ptr>(mlir::MLIRContext *context) {
  return mlir::LLVM::LLVMPointerType::get(context);
}

template <typename Signature> struct LLVMSignature;
template <typename Result, typename... Params>
struct LLVMSignature<Result(Params...)> {
  static mlir::LLVM::LLVMFunctionType get(mlir::MLIRContext *context) {
    return mlir::LLVM::LLVMFunctionType::get(llvmType<Result>(context),
                                             {llvmType<Params>(context)...});
  }
};

} // namespace detail

/// The LLVM-dialect type the table gives `function`.
inline mlir::LLVM::LLVMFunctionType
runtimeFunctionType(mlir::MLIRContext *context,
                    runtime::RuntimeFunction function) {
  switch (function) {
#define COT_RUNTIME_FUNCTION(Id, Symbol, Function, Result, Params)             \
  case runtime::RuntimeFunction::Id:                                           \
    return detail::LLVMSignature<runtime::abi::Signature<                      \
        runtime::RuntimeFunction::Id>::type>::get(context);
#include "cotangent/Runtime/RuntimeABI.def"
  }
  llvm_unreachable("every RuntimeFunction is in RuntimeABI.def");
}

/// The declaration of `function` in `module`, added on first use; fails if
/// the module already declares its symbol with another type.
inline mlir::FailureOr<mlir::LLVM::LLVMFuncOp>
lookupOrCreateRuntimeFunction(mlir::OpBuilder &builder, mlir::ModuleOp module,
                              runtime::RuntimeFunction function) {
  mlir::LLVM::LLVMFunctionType type =
      runtimeFunctionType(builder.getContext(), function);
  return mlir::LLVM::lookupOrCreateFn(builder, module,
                                      runtime::runtimeSymbol(function),
                                      type.getParams(), type.getReturnType());
}

/// A call of `function` at the builder's insertion point.
inline mlir::FailureOr<mlir::LLVM::CallOp>
callRuntimeFunction(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::ModuleOp module, runtime::RuntimeFunction function,
                    mlir::ValueRange args) {
  mlir::FailureOr<mlir::LLVM::LLVMFuncOp> callee =
      lookupOrCreateRuntimeFunction(builder, module, function);
  if (mlir::failed(callee))
    return mlir::failure();
  return mlir::LLVM::CallOp::create(builder, loc, *callee, args);
}

/// "file:line:col" of the first file location inside `loc`, or "".
inline std::string describeLocation(mlir::Location loc) {
  std::string text;
  loc->walk([&](mlir::Location inner) {
    if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(inner)) {
      text = (file.getFilename().strref() + ":" + llvm::Twine(file.getLine()) +
              ":" + llvm::Twine(file.getColumn()))
                 .str();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return text;
}

/// The global `name` of `type`, created constant with `value` (or, when it
/// is null, the initializer `build` makes) unless the module has it. Names
/// are made from hashes of the contents, so one global serves every use.
inline mlir::LLVM::GlobalOp
constantGlobal(mlir::OpBuilder &builder, mlir::Location loc,
               mlir::ModuleOp module, const std::string &name, mlir::Type type,
               mlir::Attribute value,
               llvm::function_ref<void(mlir::OpBuilder &)> build = nullptr) {
  if (auto global = module.lookupSymbol<mlir::LLVM::GlobalOp>(name))
    return global;
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto global =
      mlir::LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                                   mlir::LLVM::Linkage::Internal, name, value);
  if (build) {
    builder.setInsertionPointToStart(
        builder.createBlock(&global.getInitializerRegion()));
    build(builder);
  }
  return global;
}

/// A pointer to a constant C string holding `text`, in a global named
/// `prefix` and a hash of the text (one global per distinct text).
inline mlir::Value constantCString(mlir::OpBuilder &builder, mlir::Location loc,
                                   mlir::ModuleOp module,
                                   llvm::StringRef prefix,
                                   llvm::StringRef text) {
  mlir::LLVM::GlobalOp global = constantGlobal(
      builder, loc, module,
      (prefix + llvm::utohexstr(llvm::hash_value(text))).str(),
      mlir::LLVM::LLVMArrayType::get(builder.getI8Type(), text.size() + 1),
      builder.getStringAttr(text + llvm::Twine('\0')));
  return mlir::LLVM::AddressOfOp::create(builder, loc, global);
}

/// A pointer to a constant C string holding "file:line:col" of `loc`: the
/// `where` argument of the runtime's functions, which prefixes their errors.
inline mlir::Value sourceLocationString(mlir::OpBuilder &builder,
                                        mlir::Location loc,
                                        mlir::ModuleOp module) {
  return constantCString(builder, loc, module, "__cot_where_",
                         describeLocation(loc));
}

} // namespace cotangent

#endif // COTANGENT_SUPPORT_RUNTIMEABI_H
