//===- CallbackDialect.h - the callback dialect -----------------*- C++ -*-===//
#ifndef COTANGENT_CALLBACK_IR_CALLBACKDIALECT_H
#define COTANGENT_CALLBACK_IR_CALLBACKDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dialect.h"

#include "cotangent/Callback/IR/CallbackDialect.h.inc"

#endif
