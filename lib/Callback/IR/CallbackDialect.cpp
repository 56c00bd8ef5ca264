//===- CallbackDialect.cpp - registration of the callback dialect ---------===//
#include "cotangent/Callback/IR/CallbackDialect.h"
#include "cotangent/Callback/IR/CallbackOps.h"

using namespace mlir;
using namespace cotangent::callback;

#include "cotangent/Callback/IR/CallbackDialect.cpp.inc"

void CallbackDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "cotangent/Callback/IR/CallbackOps.cpp.inc"
      >();
}
