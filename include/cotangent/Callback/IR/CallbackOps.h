//===- CallbackOps.h - operations of the callback dialect -------*- C++ -*-===//
#ifndef COTANGENT_CALLBACK_IR_CALLBACKOPS_H
#define COTANGENT_CALLBACK_IR_CALLBACKOPS_H

#include "cotangent/Callback/IR/CallbackDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "cotangent/Callback/IR/CallbackEnums.h.inc"

#define GET_OP_CLASSES
#include "cotangent/Callback/IR/CallbackOps.h.inc"

namespace cotangent::callback {

/// Whether the host can exchange values of `type`: f64, f32, i64 and i1
/// scalars and statically shaped tensors of them.
bool isHostType(mlir::Type type);

} // namespace cotangent::callback

#endif
