//===- CallbackOps.cpp - verifiers of the callback dialect ----------------===//
#include "cotangent/Callback/IR/CallbackOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace cotangent::callback;

#include "cotangent/Callback/IR/CallbackEnums.cpp.inc"

#define GET_OP_CLASSES
#include "cotangent/Callback/IR/CallbackOps.cpp.inc"

bool cotangent::callback::isHostType(Type type) {
  auto isHostScalar = [](Type element) {
    return element.isF64() || element.isF32() ||
           element.isSignlessInteger(64) || element.isSignlessInteger(1);
  };
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape() && isHostScalar(tensor.getElementType());
  return isHostScalar(type);
}

LogicalResult DeclareOp::verify() {
  FunctionType type = getFunctionType();
  for (auto [what, types] :
       {std::pair{"argument", type.getInputs()}, {"result", type.getResults()}})
    for (auto [i, element] : llvm::enumerate(types))
      if (!isHostType(element))
        return emitOpError(what)
               << " " << i << " of callback @" << getSymName() << " has type "
               << element
               << "; callbacks exchange f64, f32, i64 and i1 values and "
                  "statically shaped tensors of them";
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto declaration =
      symbols.lookupNearestSymbolFrom<DeclareOp>(*this, getCalleeAttr());
  if (!declaration)
    return emitOpError("'@")
           << getCallee()
           << "' is not a declared callback (declare it with callback.declare "
              "@"
           << getCallee() << " : (...) -> (...))";
  FunctionType declared = declaration.getFunctionType();
  FunctionType called =
      FunctionType::get(getContext(), getArgs().getTypes(), getResultTypes());
  if (declared == called)
    return success();
  InFlightDiagnostic diagnostic = emitOpError("calls @")
                                  << getCallee() << " as " << called
                                  << " but it is declared " << declared;
  diagnostic.attachNote(declaration.getLoc()) << "declared here";
  return diagnostic;
}

LogicalResult InvokeOp::verify() {
  int64_t id = getIdAttr().getInt();
  int64_t numOutputs = getNumOutputsAttr().getInt();
  if (id < 0)
    return emitOpError("id must be non-negative, not ") << id;
  if (numOutputs < 0 || numOutputs > static_cast<int64_t>(getArgs().size()))
    return emitOpError("num_outputs must be between 0 and the number of "
                       "operands (")
           << getArgs().size() << "), not " << numOutputs;
  return success();
}
