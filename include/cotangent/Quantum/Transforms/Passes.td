//===- Passes.td - passes of the quantum dialect -----------*- tablegen -*-===//
#ifndef COTANGENT_QUANTUM_PASSES
#define COTANGENT_QUANTUM_PASSES

include "mlir/Pass/PassBase.td"

def FuseGates : Pass<"fuse-gates", "mlir::ModuleOp"> {
  let summary = "Apply runs of gates on a few qubits as one matrix";
  let description = [{
    Within each block, in program order, groups `quantum.custom` gates into
    runs that act on at most `max-wires` qubits together, and replaces each
    run of two or more gates by one `quantum.fused_gates`, which the runtime
    applies in one sweep over the state instead of one sweep per gate. A run
    is built greedily: a gate joins the runs it shares qubits with if their
    qubits together stay within the limit; otherwise the runs that reach
    beyond the gate's qubits end and the rest join it. Gates on more qubits
    than the limit, `quantum.unitary` and every other use of a run's qubits
    end the runs they touch; ops that read or change the quantum state in
    other ways (measurements, the adjoint method's recording, calls, ops with
    regions) end all runs, so no gate moves across them. A run's block takes
    the place of its last gate.
  }];
  let options = [
    Option<"maxWires", "max-wires", "int", /*default=*/"3",
           "the most qubits one fused block acts on (1 to 5)">,
  ];
  let dependentDialects = ["cotangent::quantum::QuantumDialect"];
}

#endif
