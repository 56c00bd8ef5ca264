//===- cot-opt.cpp - mlir-opt with every Cotangent dialect and pass -------===//
//
// The only file that includes MLIR's InitAll* headers.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  cotangent::registerPipelinePasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  cotangent::registerPipelineDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Cotangent optimizer driver\n", registry));
}
