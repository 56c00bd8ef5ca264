//===- GradientOps.cpp - verifiers of the gradient dialect ----------------===//
#include "cotangent/Gradient/IR/GradientOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace cotangent::gradient;

#define GET_OP_CLASSES
#include "cotangent/Gradient/IR/GradientOps.cpp.inc"

Type cotangent::gradient::derivativeType(Type result, Type argument) {
  SmallVector<int64_t> shape;
  if (auto shaped = dyn_cast<ShapedType>(result))
    llvm::append_range(shape, shaped.getShape());
  Type element = argument;
  if (auto shaped = dyn_cast<ShapedType>(argument)) {
    llvm::append_range(shape, shaped.getShape());
    element = shaped.getElementType();
  }
  if (shape.empty())
    return element;
  return RankedTensorType::get(shape, element);
}

namespace {

std::string typeList(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "(";
  llvm::interleaveComma(types, os);
  os << ")";
  return text;
}

/// Looks up the callee and checks the arguments against it.
FailureOr<func::FuncOp> verifyCallee(Operation *op, StringRef name,
                                     ValueRange operands,
                                     SymbolTableCollection &symbols) {
  auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
      op, StringAttr::get(op->getContext(), name));
  if (!callee)
    return op->emitOpError("differentiates '@")
           << name << "', which is not a function in this module";
  TypeRange inputs = callee.getArgumentTypes();
  if (TypeRange(operands.getTypes()) != inputs)
    return op->emitOpError("passes arguments of types ")
           << typeList(operands.getTypes()) << " but @" << name << " takes "
           << typeList(inputs);
  return callee;
}

/// argnums: unique, in range, each naming a float scalar or tensor argument.
LogicalResult verifyArgnums(Operation *op, ArrayRef<int64_t> argnums,
                            func::FuncOp callee) {
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t index : argnums) {
    if (index < 0 || index >= static_cast<int64_t>(callee.getNumArguments()))
      return op->emitOpError("argnums entry ")
             << index << " is out of range: @" << callee.getName() << " has "
             << callee.getNumArguments() << " argument(s)";
    if (!seen.insert(index).second)
      return op->emitOpError("argnums lists argument ") << index << " twice";
    Type type = callee.getArgumentTypes()[index];
    Type element = getElementTypeOrSelf(type);
    if (!isa<FloatType>(element) ||
        (isa<ShapedType>(type) && !cast<ShapedType>(type).hasStaticShape()))
      return op->emitOpError("argument ")
             << index << " of @" << callee.getName() << " has type " << type
             << ", which cannot be differentiated (it must be a float or a "
                "statically shaped tensor of floats)";
  }
  return success();
}

LogicalResult verifyMethod(Operation *op, StringRef method,
                           std::optional<llvm::APFloat> h) {
  if (method != "auto" && method != "fd")
    return op->emitOpError("method must be \"auto\" or \"fd\", not \"")
           << method << "\"";
  if (h && !(h->convertToDouble() > 0))
    return op->emitOpError("finite-difference step h must be positive");
  return success();
}

/// The derivative types grad returns: for each result, for each argnum.
SmallVector<Type> derivativeTypes(func::FuncOp callee,
                                  ArrayRef<int64_t> argnums) {
  SmallVector<Type> types;
  for (Type result : callee.getResultTypes())
    for (int64_t index : argnums)
      types.push_back(derivativeType(result, callee.getArgumentTypes()[index]));
  return types;
}

LogicalResult verifyResults(Operation *op, TypeRange actual,
                            ArrayRef<Type> expected, StringRef what) {
  if (actual != TypeRange(expected))
    return op->emitOpError("must return ")
           << what << " " << typeList(expected) << ", not " << typeList(actual);
  return success();
}

template <typename OpTy>
FailureOr<func::FuncOp> verifyDiffOp(OpTy op, SymbolTableCollection &symbols) {
  FailureOr<func::FuncOp> callee =
      verifyCallee(op, op.getCallee(), op.getArgs(), symbols);
  if (failed(callee) ||
      failed(verifyArgnums(op, op.getDiffArgIndices(), *callee)) ||
      failed(verifyMethod(op, op.getDiffMethod(), op.getH())))
    return failure();
  if ((*callee).getNumResults() == 0)
    return op.emitOpError("differentiates @")
           << (*callee).getName() << ", which has no results";
  for (Type result : (*callee).getResultTypes())
    if (!isa<FloatType>(getElementTypeOrSelf(result)))
      return op.emitOpError("differentiates @")
             << (*callee).getName() << ", whose result of type " << result
             << " is not a float or a tensor of floats";
  return callee;
}

} // namespace

#define DIFF_ARG_INDICES(OpTy)                                                 \
  SmallVector<int64_t> OpTy::getDiffArgIndices() {                             \
    if (std::optional<ArrayRef<int64_t>> argnums = getArgnums())               \
      return SmallVector<int64_t>(*argnums);                                   \
    return {0};                                                                \
  }
DIFF_ARG_INDICES(GradOp)
DIFF_ARG_INDICES(ValueAndGradOp)
DIFF_ARG_INDICES(JVPOp)
DIFF_ARG_INDICES(VJPOp)
#undef DIFF_ARG_INDICES

LogicalResult GradOp::verifySymbolUses(SymbolTableCollection &symbols) {
  FailureOr<func::FuncOp> callee = verifyDiffOp(*this, symbols);
  if (failed(callee))
    return failure();
  return verifyResults(*this, getResultTypes(),
                       derivativeTypes(*callee, getDiffArgIndices()),
                       "one derivative per result and argnum, of types");
}

LogicalResult ValueAndGradOp::verifySymbolUses(SymbolTableCollection &symbols) {
  FailureOr<func::FuncOp> callee = verifyDiffOp(*this, symbols);
  if (failed(callee))
    return failure();
  SmallVector<Type> expected((*callee).getResultTypes());
  llvm::append_range(expected, derivativeTypes(*callee, getDiffArgIndices()));
  return verifyResults(*this, getResultTypes(), expected,
                       "the results of the function, then its derivatives,");
}

LogicalResult JVPOp::verifySymbolUses(SymbolTableCollection &symbols) {
  FailureOr<func::FuncOp> callee = verifyDiffOp(*this, symbols);
  if (failed(callee))
    return failure();
  SmallVector<Type> tangentTypes;
  for (int64_t index : getDiffArgIndices())
    tangentTypes.push_back((*callee).getArgumentTypes()[index]);
  if (TypeRange(getTangents().getTypes()) != TypeRange(tangentTypes))
    return emitOpError("tangents must have the types of the differentiated "
                       "arguments ")
           << typeList(tangentTypes) << ", not "
           << typeList(getTangents().getTypes());
  SmallVector<Type> expected((*callee).getResultTypes());
  llvm::append_range(expected, (*callee).getResultTypes());
  return verifyResults(*this, getResultTypes(), expected,
                       "the results of the function, then their tangents,");
}

LogicalResult VJPOp::verifySymbolUses(SymbolTableCollection &symbols) {
  FailureOr<func::FuncOp> callee = verifyDiffOp(*this, symbols);
  if (failed(callee))
    return failure();
  if (TypeRange(getCotangents().getTypes()) != (*callee).getResultTypes())
    return emitOpError("cotangents must have the types of the results ")
           << typeList((*callee).getResultTypes()) << ", not "
           << typeList(getCotangents().getTypes());
  SmallVector<Type> expected((*callee).getResultTypes());
  for (int64_t index : getDiffArgIndices())
    expected.push_back((*callee).getArgumentTypes()[index]);
  return verifyResults(*this, getResultTypes(), expected,
                       "the results of the function, then the cotangents of "
                       "the differentiated arguments,");
}

LogicalResult CustomGradOp::verifySymbolUses(SymbolTableCollection &symbols) {
  for (Operation &other : (*this)->getBlock()->getOperations()) {
    if (&other == getOperation())
      break;
    if (auto earlier = dyn_cast<CustomGradOp>(other);
        earlier && earlier.getCallee() == getCallee())
      return emitOpError("@")
             << getCallee() << " already has a custom gradient (declared at "
             << earlier.getLoc() << ")";
  }
  // Once the types are recorded, the functions may be bufferized; they were
  // checked before.
  if (getTensorTypes())
    return success();
  auto lookup = [&](StringRef name) {
    return symbols.lookupNearestSymbolFrom<func::FuncOp>(
        *this, StringAttr::get(getContext(), name));
  };
  func::FuncOp function = lookup(getCallee());
  func::FuncOp forward = lookup(getForward());
  func::FuncOp reverse = lookup(getReverse());
  for (auto [func, name] : {std::pair{function, getCallee()},
                            {forward, getForward()},
                            {reverse, getReverse()}})
    if (!func)
      return emitOpError("'@") << name << "' is not a function in this module";

  TypeRange inputs = function.getArgumentTypes();
  TypeRange results = function.getResultTypes();
  TypeRange forwardResults = forward.getResultTypes();
  if (TypeRange(forward.getArgumentTypes()) != inputs ||
      forwardResults.size() < results.size() ||
      forwardResults.take_front(results.size()) != results)
    return emitOpError("forward @")
           << getForward() << " must take " << typeList(inputs)
           << " and return " << typeList(results)
           << " followed by residuals, but has type "
           << forward.getFunctionType();
  SmallVector<Type> reverseInputs(forwardResults.drop_front(results.size()));
  llvm::append_range(reverseInputs, results);
  if (TypeRange(reverse.getArgumentTypes()) != TypeRange(reverseInputs) ||
      TypeRange(reverse.getResultTypes()) != inputs)
    return emitOpError("reverse @")
           << getReverse() << " must have type " << typeList(reverseInputs)
           << " -> " << typeList(inputs) << " (residuals, then cotangents of "
           << "the results -> cotangents of the arguments), but has type "
           << reverse.getFunctionType();
  if (!getTangent())
    return success();
  func::FuncOp tangent = lookup(*getTangent());
  if (!tangent)
    return emitOpError("'@")
           << *getTangent() << "' is not a function in this module";
  SmallVector<Type> tangentInputs(inputs), tangentResults(results);
  llvm::append_range(tangentInputs, inputs);
  llvm::append_range(tangentResults, results);
  if (TypeRange(tangent.getArgumentTypes()) != TypeRange(tangentInputs) ||
      TypeRange(tangent.getResultTypes()) != TypeRange(tangentResults))
    return emitOpError("jvp @")
           << *getTangent() << " must have type " << typeList(tangentInputs)
           << " -> " << typeList(tangentResults)
           << " (arguments, then their tangents -> results, then theirs), "
              "but has type "
           << tangent.getFunctionType();
  return success();
}

template <typename OpTy>
static LogicalResult verifyInternalCallee(OpTy op,
                                          SymbolTableCollection &symbols) {
  return failure(
      failed(verifyCallee(op, op.getCallee(), op.getArgs(), symbols)));
}

LogicalResult BackpropOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyInternalCallee(*this, symbols);
}

LogicalResult ForwardOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyInternalCallee(*this, symbols);
}

/// Residuals are copied as one contiguous block of bytes.
static LogicalResult verifyResidualBuffer(Operation *op, MemRefType type) {
  if (!type.getLayout().isIdentity())
    return op->emitOpError("needs a contiguous buffer (identity layout), not ")
           << type;
  return success();
}

LogicalResult ResidualsPutOp::verify() {
  return verifyResidualBuffer(*this, getBuffer().getType());
}

LogicalResult ResidualsGetOp::verify() {
  return verifyResidualBuffer(*this, getBuffer().getType());
}
