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
  let description = [{
    Adds `num_qubits` (a positive constant) fresh qubits, each in |0>, to the
    simulator's state and returns a register holding them at indices
    0 .. num_qubits-1. Qubits of several registers live in one state vector,
    so gates may act across registers. At run time it fails with a clear
    error when the enlarged state vector (16 bytes per amplitude) does not
    fit in the available memory.

    ```mlir
    %r = quantum.alloc(2) : !quantum.reg
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$num_qubits);
  let results = (outs Res<Quantum_RegType, "", [MemAlloc<Quantum_StateResource>]>:$reg);
  let assemblyFormat = "`(` $num_qubits `)` attr-dict `:` type($reg)";
  // Checks the static indices that extract and insert ops take into the
  // register, along the chain of inserts that carries it.
  let hasVerifier = 1;
}

def Quantum_DeallocOp : Quantum_Op<"dealloc"> {
  let summary = "Release a register";
  let description = [{
    Ends the life of the register `reg` and of every qubit it holds. Using
    the register, one of its qubits, or an observable on one of its qubits
    afterwards is a run-time error ("... is used after it was
    deallocated"), as is deallocating it twice.

    ```mlir
    quantum.dealloc %r : !quantum.reg
    ```
  }];
  let arguments = (ins Arg<Quantum_RegType, "", [MemFree<Quantum_StateResource>]>:$reg);
  let assemblyFormat = "$reg attr-dict `:` type($reg)";
}

def Quantum_ExtractOp : Quantum_Op<"extract",
    [MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = "Take one qubit out of a register, by static or dynamic index";
  let description = [{
    Returns the qubit currently held at position `index` of `reg`; the
    index is either a non-negative integer constant or an `i64` value. It
    does not change the state. A constant index outside a register whose
    size is known (traced back through `quantum.insert` to its
    `quantum.alloc`) is rejected by the verifier; a dynamic index outside
    the register is a run-time error ("qubit index N is outside a register
    of M qubits").

    ```mlir
    %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
    %q1 = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit   // %i : i64
    ```
  }];
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
  let description = [{
    Stores `qubit` at position `index` of `reg` and returns the updated
    register; the index is a non-negative integer constant or an `i64`
    value. It does not change the state. Index checks are as for
    `quantum.extract`: a constant index outside a register of known size is
    a verifier error, a dynamic one a run-time error; inserting a qubit of
    a deallocated register is a run-time error too.

    ```mlir
    %r1 = quantum.insert %r[0], %q0 : !quantum.reg, !quantum.bit
    %r2 = quantum.insert %r1[%i], %q1 : !quantum.reg, !quantum.bit
    ```
  }];
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
    Applies the gate `gate_name` (a name from the runtime's gate table:
    PauliX, Hadamard, RX, Rot, CNOT, CRX, MultiRZ, Toffoli, ...), or its
    adjoint with `adj`, to the qubits `in_qubits`, with the `f64` operands
    `params` as its angles. The results are the same qubits after the gate,
    in the same order; use them, not the operands, afterwards. Wires follow
    PennyLane's conventions: controls come first (CNOT: control, target),
    and the first wire is the most significant bit of the gate's matrix.
    The gate set and each gate's parameter and wire counts come from the
    runtime's gate table, so compiler and simulator cannot disagree. The
    verifier rejects an unknown gate, a wrong number of parameters or
    qubits, and a qubit listed twice when that is known statically; a qubit
    listed twice through dynamic indices, or one of a deallocated register,
    is a run-time error. The parameters are differentiable.

    ```mlir
    %q1 = quantum.custom "RX"(%theta) %q0 : !quantum.bit
    %c1, %t1 = quantum.custom "CNOT"() %c, %t : !quantum.bit, !quantum.bit
    %q:2 = quantum.custom "CRX"(%theta) %c1, %t1 adj : !quantum.bit, !quantum.bit
    ```
  }];
  let arguments = (ins StrAttr:$gate_name, Variadic<F64>:$params,
                       Variadic<Quantum_BitType>:$in_qubits, UnitAttr:$adjoint);
  let results = (outs Variadic<Quantum_BitType>:$out_qubits);
  let assemblyFormat = [{
    $gate_name `(` custom<GateParams>($params, type($params)) `)` $in_qubits (`adj` $adjoint^)? attr-dict `:` type($out_qubits)
  }];
  let hasVerifier = 1;
}

def Quantum_UnitaryOp : Quantum_Op<"unitary", [
    DeclareOpInterfaceMethods<Quantum_DifferentiableGate>,
    MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "Apply a unitary matrix (or its adjoint) to qubits";
  let description = [{
    Applies the 2^n x 2^n complex matrix `matrix` (row-major; a tensor, or
    a memref after bufferization), or its conjugate transpose with `adj`, to
    the n qubits `in_qubits`. The first qubit is the most significant bit of
    the matrix's row and column index. The results are the same qubits
    after the gate, in the same order. The verifier checks the matrix shape
    against the number of qubits; at run time a matrix that is not unitary
    (U U^dagger off the identity by more than 1e-8) or a qubit listed twice
    is an error. The matrix is data, not a gate parameter: it is not
    differentiated.

    ```mlir
    %p:2 = quantum.unitary(%m : tensor<4x4xcomplex<f64>>) %q0, %q1 : !quantum.bit, !quantum.bit
    %a = quantum.unitary(%u : memref<2x2xcomplex<f64>>) %p#0 adj : !quantum.bit
    ```
  }];
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
  let description = [{
    The observable `kind` (Identity, PauliX, PauliY, PauliZ or Hadamard) on
    `qubit`. It only describes the observable: the state is untouched until
    a measurement such as `quantum.expval` uses it. Using the observable
    after the qubit's register was deallocated is a run-time error.

    ```mlir
    %z = quantum.namedobs %q[PauliZ] : !quantum.obs
    ```
  }];
  let arguments = (ins Quantum_BitType:$qubit, Quantum_NamedObservable:$kind);
  let results = (outs Quantum_ObsType:$obs);
  let assemblyFormat = "$qubit `[` $kind `]` attr-dict `:` type($obs)";
}

def Quantum_TensorOp : Quantum_Op<"tensor", [Pure]> {
  let summary = "The tensor product of observables on distinct qubits";
  let description = [{
    The product of the observables `terms` (at least one), which must act on
    pairwise distinct qubits; factors that share a qubit are a run-time
    error ("the factors of a tensor product both act on qubit N").

    ```mlir
    %z0 = quantum.namedobs %q0[PauliZ] : !quantum.obs
    %x1 = quantum.namedobs %q1[PauliX] : !quantum.obs
    %zx = quantum.tensor %z0, %x1 : !quantum.obs
    ```
  }];
  let arguments = (ins Variadic<Quantum_ObsType>:$terms);
  let results = (outs Quantum_ObsType:$obs);
  let assemblyFormat = "$terms attr-dict `:` type($obs)";
  let hasVerifier = 1;
}

def Quantum_HamiltonianOp : Quantum_Op<"hamiltonian"> {
  let summary = "A weighted sum of observables";
  let description = [{
    The observable sum_i coeffs[i] * terms[i]: coefficient i (from a 1-D
    `f64` tensor, or a memref after bufferization) weighs term i, so the
    coefficient array must have exactly as many elements as there are terms
    (at least one). Unlike the factors of `quantum.tensor`, the terms may
    act on the same qubits.

    ```mlir
    %h = quantum.hamiltonian(%c : tensor<2xf64>) %zx, %y0 : !quantum.obs
    ```
  }];
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
  let description = [{
    Returns <psi| obs |psi> for the current state, exactly (no sampling);
    the state is unchanged. An observable on a qubit of a deallocated
    register is a run-time error.

    ```mlir
    %e = quantum.expval %h : f64
    ```
  }];
  let arguments = (ins Quantum_ObsType:$obs);
  let results = (outs F64:$expval);
  let assemblyFormat = "$obs attr-dict `:` type($expval)";
}

def Quantum_VarOp : Quantum_Op<"var",
    [MemoryEffects<[MemRead<Quantum_StateResource>]>]> {
  let summary = "Variance of an observable";
  let description = [{
    Returns <obs^2> - <obs>^2 for the current state, exactly (no sampling);
    the state is unchanged. An observable on a qubit of a deallocated
    register is a run-time error.

    ```mlir
    %v = quantum.var %z : f64
    ```
  }];
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
                                                 "Computational-basis probabilities"> {
  let description = [{
    The 2^n probabilities of the computational-basis outcomes of the n
    listed qubits (marginalized over all other qubits); element b is the
    probability of outcome b, whose most significant bit is the first
    listed qubit. The state is unchanged. Before bufferization the result is
    a `tensor<2^n x f64>`; after it, the op writes into the buffer given
    with `into` and has no result. A qubit listed twice, or one of a
    deallocated register, is a run-time error.

    ```mlir
    %p = quantum.probs %q0, %q1 : tensor<4xf64>
    quantum.probs %q0, %q1 into(%buf : memref<4xf64>)
    ```
  }];
}
def Quantum_StateOp : Quantum_ArrayMeasurementOp<"state", Complex<F64>,
                                                 "The state vector"> {
  let description = [{
    The 2^n complex amplitudes of the state of the listed qubits; element b
    is the amplitude of basis state b, whose most significant bit is the
    first listed qubit. The list must name every live qubit (in any order),
    otherwise it is a run-time error; so is a qubit listed twice. The state
    is unchanged. Before bufferization the result is a
    `tensor<2^n x complex<f64>>`; after it, the op writes into the buffer
    given with `into` and has no result.

    ```mlir
    %s = quantum.state %q0, %q1 : tensor<4xcomplex<f64>>
    quantum.state %q0, %q1 into(%buf : memref<4xcomplex<f64>>)
    ```
  }];
}

def Quantum_MeasureOp : Quantum_Op<"measure", [
    MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "Measure a qubit in the computational basis (collapses the state)";
  let description = [{
    Measures `in_qubit` mid-circuit: `outcome` is true for |1>, drawn with
    the Born-rule probability, and the state collapses onto that outcome
    (renormalized). `out_qubit` is the same qubit after the measurement;
    use it, not the operand, afterwards. The random generator takes its
    seed from `cot run --seed N` or `RunOptions::seed` in the C++ API, so a
    seeded run is reproducible; without a seed each run draws a fresh one.
    A qubit of a deallocated register is a run-time error.

    ```mlir
    %m, %q1 = quantum.measure %q : i1, !quantum.bit
    ```
  }];
  let arguments = (ins Quantum_BitType:$in_qubit);
  let results = (outs I1:$outcome, Quantum_BitType:$out_qubit);
  let assemblyFormat = "$in_qubit attr-dict `:` type($outcome) `,` type($out_qubit)";
}

//===----------------------------------------------------------------------===//
// Fused gates (internal: fuse-gates makes them from runs of quantum.custom;
// not for user programs)
//===----------------------------------------------------------------------===//

def Quantum_FusedGatesOp : Quantum_Op<"fused_gates", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "A run of gates on a few qubits, applied as one matrix";
  let description = [{
    Internal. Applies the gates `gates` describes, in order, to the qubits
    `in_qubits` (the block), as one 2^n x 2^n matrix that the runtime
    computes from the gates and their parameters `params` and applies in
    one sweep over the state. `gates` lists per gate its kind (position in
    the runtime's gate table), 1 if it is the adjoint else 0, its number of
    wires n and n positions in the block's qubit list; the parameters of
    all gates follow one another in `params`; `gate_locations`, if given,
    holds each gate's source location, where the runtime reports an error
    of that gate. The results are the block's qubits afterwards. While a
    circuit is recorded for the adjoint method, the runtime records the
    gates one by one, so the gradient sees each; if the block's qubits
    turn out at run time to be invalid or one qubit twice, it applies the
    gates one by one, failing as they would.

    ```mlir
    // RX(%t) on %a, then CNOT(%a, %b)
    %q:2 = quantum.fused_gates(%t) %a, %b {gates = array<i64: 8, 0, 1, 0, 12, 0, 2, 0, 1>} : !quantum.bit, !quantum.bit
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$gates,
                       OptionalAttr<ArrayAttr>:$gate_locations,
                       Variadic<F64>:$params,
                       Variadic<Quantum_BitType>:$in_qubits);
  let results = (outs Variadic<Quantum_BitType>:$out_qubits);
  let assemblyFormat = [{
    `(` $params `)` $in_qubits attr-dict `:` type($out_qubits)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// The adjoint method (internal: lower-gradients generates these in the
// functions of a circuit's gradient; not for user programs)
//===----------------------------------------------------------------------===//

def Quantum_AdjointBeginOp : Quantum_Op<"adjoint_begin",
    [MemoryEffects<[MemWrite<Quantum_StateResource>]>]> {
  let summary = "Start recording a circuit for the adjoint method";
  let description = [{
    Internal. From here on the runtime records every gate and unitary the
    program applies (numbering the gates' parameters in the order they are
    applied) and every expval, var and probs it measures, until
    `quantum.adjoint_stash`.

    ```mlir
    quantum.adjoint_begin
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Quantum_AdjointStashOp : Quantum_Op<"adjoint_stash",
    [MemoryEffects<[MemRead<Quantum_StateResource>, MemWrite<Quantum_StateResource>]>]> {
  let summary = "Keep the recorded circuit and its final state for its gradient";
  let description = [{
    Internal. Ends the recording begun by `quantum.adjoint_begin` and keeps
    it, with a copy of the current state (or, when that does not fit in
    memory, the means to rebuild it from the recording), under the returned
    handle for one `quantum.adjoint_resume`.

    ```mlir
    %h = quantum.adjoint_stash : i64
    ```
  }];
  let results = (outs I64:$stash);
  let assemblyFormat = "attr-dict `:` type($stash)";
}

def Quantum_AdjointResumeOp : Quantum_Op<"adjoint_resume",
    [MemoryEffects<[MemWrite<Quantum_StateResource>]>]> {
  let summary = "The adjoint method's vector-Jacobian product of a kept circuit";
  let description = [{
    Internal. `weights` holds the cotangents of the kept circuit's
    measurements in the order they were made (one per expval or var, one
    per outcome of probs); writes into `out`, one entry per recorded gate
    parameter, the derivative of the weighted measurements, by one backward
    sweep from the kept state, and releases the handle. Sizes that do not
    match the recording are a run-time error.

    ```mlir
    quantum.adjoint_resume %h weights(%w : memref<5xf64>) into(%out : memref<?xf64>)
    ```
  }];
  let arguments = (ins I64:$stash,
                       Arg<MemRefRankOf<[F64], [1]>, "", [MemRead]>:$weights,
                       Arg<MemRefRankOf<[F64], [1]>, "", [MemWrite]>:$out);
  let assemblyFormat = [{
    $stash `weights` `(` $weights `:` type($weights) `)`
    `into` `(` $out `:` type($out) `)` attr-dict
  }];
}

#endif // COTANGENT_QUANTUM_OPS
