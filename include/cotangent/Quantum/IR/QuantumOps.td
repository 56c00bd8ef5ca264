//===- QuantumOps.td - the quantum dialect: types and ops ------*- tablegen -*-===//
//
// Qubits are SSA values: every gate consumes its input qubits and yields new
// ones, so data flow orders the circuit. The simulator state itself is modelled
// as one memory resource, so passes never drop, merge or reorder operations
// that touch it.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_QUANTUM_OPS
#define COTANGENT_QUANTUM_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "cotangent/Quantum/IR/QuantumInterfaces.td"

def Quantum_Dialect : Dialect {
  let name = "quantum";
  let summary = "Quantum registers, gates, observables and measurements";
  let cppNamespace = "::cotangent::quantum";
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = ["mlir::tensor::TensorDialect",
                           "mlir::bufferization::BufferizationDialect"];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Quantum_Type<string name, string typeMnemonic, string desc>
    : TypeDef<Quantum_Dialect, name> {
  let mnemonic = typeMnemonic;
  let summary = desc;
}

def Quantum_RegType : Quantum_Type<"Reg", "reg", "a register of qubits">;
def Quantum_BitType : Quantum_Type<"Bit", "bit", "one qubit">;
def Quantum_ObsType : Quantum_Type<"Obs", "obs", "an observable">;

// The simulator state that every quantum operation reads or changes.
def Quantum_StateResource : Resource<"::cotangent::quantum::QuantumStateResource">;

def Quantum_NamedObservable : I64EnumAttr<"NamedObservable",
    "a single-qubit observable", [
      I64EnumAttrCase<"Identity", 0>, I64EnumAttrCase<"PauliX", 1>,
      I64EnumAttrCase<"PauliY", 2>, I64EnumAttrCase<"PauliZ", 3>,
      I64EnumAttrCase<"Hadamard", 4>]> {
  let cppNamespace = "::cotangent::quantum";
}

def Quantum_QubitIndex : ConfinedAttr<I64Attr, [IntNonNegative]>;
def Quantum_F64Coefficients : AnyTypeOf<[1DTensorOf<[F64]>, MemRefRankOf<[F64], [1]>]>;
def Quantum_ComplexMatrix
    : AnyTypeOf<[2DTensorOf<[Complex<F64>]>, MemRefRankOf<[Complex<F64>], [2]>]>;

class Quantum_Op<string mnemonic, list<Trait> traits = []>
    : Op<Quantum_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Registers
//===----------------------------------------------------------------------===//

def Quantum_AllocOp : Quantum_Op<"alloc"> {
  let summary = "Allocate a register of qubits, all in |0>";
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$num_qubits);
  let results = (outs Res<Quantum_RegType, "", [MemAlloc<Quantum_StateResource>]>:$reg);
  let assemblyFormat = "`(` $num_qubits `)` attr-dict `:` type($reg)";
}

def Quantum_DeallocOp : Quantum_Op<"dealloc"> {
  let summary = "Release a register";
  let arguments = (ins Arg<Quantum_RegType, "", [MemFree<Quantum_StateResource>]>:$reg);
  let assemblyFormat = "$reg attr-dict `:` type($reg)";
}

def Quantum_ExtractOp : Quantum_Op<"extract",
    [MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = "Take one qubit out of a register, by static or dynamic index";
  let arguments = (ins Quantum_RegType:$reg, Optional<I64>:$index,
                       OptionalAttr<Quantum_QubitIndex>:$static_index);
  let results = (outs Quantum_BitType:$qubit);
  let assemblyFormat = [{
    $reg `[` custom<QubitIndex>($index, $static_index) `]` attr-dict `:` type($reg) `->` type($qubit)
  }];
  let hasVerifier = 1;
}

def Quantum_InsertOp : Quantum_Op<"insert",
    [MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = "Put a qubit back into a register, by static or dynamic index";
  let arguments = (ins Quantum_RegType:$reg, Optional<I64>:$index,
                       OptionalAttr<Quantum_QubitIndex>:$static_index,
                       Quantum_BitType:$qubit);
  let results = (outs Quantum_RegType:$out_reg);
  let assemblyFormat = [{
    $reg `[` custom<QubitIndex>($index, $static_index) `]` `,` $qubit attr-dict `:` type($reg) `,` type($qubit)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gates
//===----------------------------------------------------------------------===//

def Quantum_CustomOp : Quantum_Op<"custom", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Quantum_DifferentiableGate>,
    MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "Apply a named gate (or its adjoint) to qubits";
  let description = [{
    `%q:2 = quantum.custom "CRX"(%theta) %c, %t adj : !quantum.bit, !quantum.bit`
    The gate set and each gate's parameter and wire counts come from the
    runtime's gate table, so compiler and simulator cannot disagree.
  }];
  let arguments = (ins StrAttr:$gate_name, Variadic<F64>:$params,
                       Variadic<Quantum_BitType>:$in_qubits, UnitAttr:$adjoint);
  let results = (outs Variadic<Quantum_BitType>:$out_qubits);
  let assemblyFormat = [{
    $gate_name `(` $params `)` $in_qubits (`adj` $adjoint^)? attr-dict `:` type($out_qubits)
  }];
  let hasVerifier = 1;
}

def Quantum_UnitaryOp : Quantum_Op<"unitary", [
    DeclareOpInterfaceMethods<Quantum_DifferentiableGate>,
    MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "Apply a unitary matrix (or its adjoint) to qubits";
  let arguments = (ins Arg<Quantum_ComplexMatrix, "", [MemRead]>:$matrix,
                       Variadic<Quantum_BitType>:$in_qubits, UnitAttr:$adjoint);
  let results = (outs Variadic<Quantum_BitType>:$out_qubits);
  let assemblyFormat = [{
    `(` $matrix `:` type($matrix) `)` $in_qubits (`adj` $adjoint^)? attr-dict `:` type($out_qubits)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Observables
//===----------------------------------------------------------------------===//

def Quantum_NamedObsOp : Quantum_Op<"namedobs", [Pure]> {
  let summary = "A single-qubit observable";
  let arguments = (ins Quantum_BitType:$qubit, Quantum_NamedObservable:$kind);
  let results = (outs Quantum_ObsType:$obs);
  let assemblyFormat = "$qubit `[` $kind `]` attr-dict `:` type($obs)";
}

def Quantum_TensorOp : Quantum_Op<"tensor", [Pure]> {
  let summary = "The tensor product of observables on distinct qubits";
  let arguments = (ins Variadic<Quantum_ObsType>:$terms);
  let results = (outs Quantum_ObsType:$obs);
  let assemblyFormat = "$terms attr-dict `:` type($obs)";
  let hasVerifier = 1;
}

def Quantum_HamiltonianOp : Quantum_Op<"hamiltonian"> {
  let summary = "A weighted sum of observables";
  let arguments = (ins Arg<Quantum_F64Coefficients, "", [MemRead]>:$coeffs,
                       Variadic<Quantum_ObsType>:$terms);
  let results = (outs Quantum_ObsType:$obs);
  let assemblyFormat = [{
    `(` $coeffs `:` type($coeffs) `)` $terms attr-dict `:` type($obs)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Measurements
//===----------------------------------------------------------------------===//

def Quantum_ExpvalOp : Quantum_Op<"expval",
    [MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = "Expectation value of an observable";
  let arguments = (ins Quantum_ObsType:$obs);
  let results = (outs F64:$expval);
  let assemblyFormat = "$obs attr-dict `:` type($expval)";
}

def Quantum_VarOp : Quantum_Op<"var",
    [MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = "Variance of an observable";
  let arguments = (ins Quantum_ObsType:$obs);
  let results = (outs F64:$variance);
  let assemblyFormat = "$obs attr-dict `:` type($variance)";
}

// Before bufferization the result is a tensor; after it, the op writes into
// the buffer `out` instead (see the bufferization model).
class Quantum_ArrayMeasurementOp<string mnemonic, Type element, string what>
    : Quantum_Op<mnemonic, [AttrSizedOperandSegments,
                            MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = what # " of the listed qubits, the first being most significant";
  let arguments = (ins Variadic<Quantum_BitType>:$qubits,
                       Arg<Optional<MemRefRankOf<[element], [1]>>, "", [MemWrite]>:$out);
  let results = (outs Optional<1DTensorOf<[element]>>:$result);
  let assemblyFormat = [{
    $qubits (`into` `(` $out^ `:` type($out) `)`)? attr-dict (`:` type($result)^)?
  }];
  let hasVerifier = 1;
}

def Quantum_ProbsOp : Quantum_ArrayMeasurementOp<"probs", F64,
                                                 "Computational-basis probabilities">;
def Quantum_StateOp : Quantum_ArrayMeasurementOp<"state", Complex<F64>,
                                                 "The state vector">;

def Quantum_MeasureOp : Quantum_Op<"measure", [
    MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "Measure a qubit in the computational basis (collapses the state)";
  let arguments = (ins Quantum_BitType:$in_qubit);
  let results = (outs I1:$outcome, Quantum_BitType:$out_qubit);
  let assemblyFormat = "$in_qubit attr-dict `:` type($outcome) `,` type($out_qubit)";
}

#endif // COTANGENT_QUANTUM_OPS
