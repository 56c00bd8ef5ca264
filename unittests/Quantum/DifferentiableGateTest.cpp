//===- DifferentiableGateTest.cpp - which gate operands are parameters ----===//

#include "cotangent/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace cotangent::quantum;

namespace {

const char *const kCircuit = R"(
func.func @circuit(%t: f64, %u: f64, %m: tensor<2x2xcomplex<f64>>) {
  %r = quantum.alloc(2) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RX"(%u) %q0 adj : !quantum.bit
  %b = quantum.custom "Rot"(%t, %u, %t) %a : !quantum.bit
  %c:2 = quantum.custom "CNOT"() %b, %q1 : !quantum.bit, !quantum.bit
  %d = quantum.unitary(%m : tensor<2x2xcomplex<f64>>) %c#0 : !quantum.bit
  quantum.dealloc %r : !quantum.reg
  return
}
)";

TEST(DifferentiableGateTest, GatesExposeTheirFloatParameters) {
  MLIRContext context;
  context.loadDialect<QuantumDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kCircuit, &context);
  ASSERT_TRUE(module);
  auto circuit = cast<func::FuncOp>(module->getBody()->front());
  Value t = circuit.getArgument(0), u = circuit.getArgument(1);

  std::vector<std::vector<Value>> params;
  circuit.walk([&](DifferentiableGate gate) {
    EXPECT_EQ(gate.getNumDiffParams(), gate.getDiffParams().size());
    params.emplace_back(gate.getDiffParams().begin(),
                        gate.getDiffParams().end());
  });
  const std::vector<std::vector<Value>> expected = {
      {u},       // RX
      {t, u, t}, // Rot, in parameter order
      {},        // CNOT
      {},        // unitary: its matrix is not a parameter
  };
  // Exactly the gates, in order: alloc, extract and dealloc are not.
  EXPECT_EQ(params, expected);
}

} // namespace
