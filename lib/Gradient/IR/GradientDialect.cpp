//===- GradientDialect.cpp - registration of the gradient dialect ---------===//
#include "cotangent/Gradient/IR/GradientDialect.h"
#include "cotangent/Gradient/IR/GradientOps.h"

using namespace mlir;
using namespace cotangent::gradient;

#include "cotangent/Gradient/IR/GradientDialect.cpp.inc"

void GradientDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "cotangent/Gradient/IR/GradientOps.cpp.inc"
      >();
}
