//===- QuantumInterfaces.td - interfaces of quantum ops ----*- tablegen -*-===//
#ifndef COTANGENT_QUANTUM_INTERFACES
#define COTANGENT_QUANTUM_INTERFACES

include "mlir/IR/OpBase.td"

def Quantum_DifferentiableGate : OpInterface<"DifferentiableGate"> {
  let cppNamespace = "::cotangent::quantum";
  let description = [{
    A gate whose matrix is a differentiable function of some of its operands,
    its parameters. Gradient methods (adjoint, parameter-shift) differentiate
    a circuit with respect to exactly these operands; every other operand
    (qubits, a user-given matrix) is held fixed.
  }];
  let methods = [
    InterfaceMethod<[{
        The operands the gate's matrix is differentiated with respect to, in
        the order of the gate's parameters.
      }],
      "::mlir::OperandRange", "getDiffParams">,
    InterfaceMethod<"The number of differentiable parameters.",
      "unsigned", "getNumDiffParams", (ins), [{}], [{
        return $_op.getDiffParams().size();
      }]>,
  ];
}

#endif // COTANGENT_QUANTUM_INTERFACES
