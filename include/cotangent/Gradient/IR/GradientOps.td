//===- GradientOps.td - the gradient dialect --------------*- tablegen -*-===//
//
// User-facing ops (grad, value_and_grad, jvp, vjp, custom_grad) work on
// tensors and name the function they differentiate. `lower-gradients` turns
// them into the internal ops `backprop` (reverse mode) and `forward` (forward
// mode), which bufferization turns into `reverse_call` and `tangent_call` on
// buffers; `differentiate` replaces those with calls of generated derivative
// functions, which pass values from their forward to their reverse sweep on a
// tape (`tape_push`, `tape_pop`).
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_GRADIENT_OPS
#define COTANGENT_GRADIENT_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Gradient_Dialect : Dialect {
  let name = "gradient";
  let summary = "Derivatives of functions: gradients, Jacobian products, "
                "custom gradients";
  let cppNamespace = "::cotangent::gradient";
  let dependentDialects = ["mlir::tensor::TensorDialect",
                           "mlir::bufferization::BufferizationDialect",
                           "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect"];
}

class Gradient_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gradient_Dialect, mnemonic, traits>;

// The shared arguments of every op that differentiates a callee.
defvar DiffOptions = (ins OptionalAttr<DenseI64ArrayAttr>:$argnums,
                          OptionalAttr<StrAttr>:$method,
                          OptionalAttr<F64Attr>:$h);

class Gradient_DiffOp<string mnemonic, list<Trait> traits = []>
    : Gradient_Op<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<SymbolUserOpInterface>])> {
  code diffMethods = [{
    /// The differentiated argument indices (`argnums`, default [0]).
    llvm::SmallVector<int64_t> getDiffArgIndices();
    /// "auto" or "fd".
    llvm::StringRef getDiffMethod() { return getMethod().value_or("auto"); }
    /// The finite-difference step.
    double getStep() { return getH() ? getH()->convertToDouble() : 1e-6; }
  }];
}

def Gradient_GradOp : Gradient_DiffOp<"grad"> {
  let summary = "Gradient (or Jacobian) of a function with respect to some "
                "arguments";
  let description = [{
    Results: for each result of the callee, for each differentiated argument,
    the derivative with type shape(result) ++ shape(argument) (a Jacobian for
    a tensor result). `argnums` (default [0]) lists the differentiated
    arguments; `method` is "auto" (exact: AD, or a circuit's own method) or
    "fd" (central differences with step `h`, default 1e-6).

    ```mlir
    %g = gradient.grad @f(%x, %y) {argnums = array<i64: 0>} : (f64, tensor<2xf64>) -> f64
    %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>, method = "fd", h = 1.0e-6}
        : (f64, tensor<2xf64>) -> (f64, tensor<2xf64>)
    ```
  }];
  let arguments = !con((ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args),
                       DiffOptions);
  let results = (outs Variadic<AnyType>:$gradients);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
  let extraClassDeclaration = diffMethods;
}

def Gradient_ValueAndGradOp : Gradient_DiffOp<"value_and_grad"> {
  let summary = "The callee's results followed by its gradient";
  let description = [{
    The callee's results, then what `gradient.grad` with the same options
    returns.

    ```mlir
    %v, %gx = gradient.value_and_grad @f(%x) : (f64) -> (f64, f64)
    ```
  }];
  let arguments = !con((ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args),
                       DiffOptions);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
  let extraClassDeclaration = diffMethods;
}

def Gradient_JVPOp : Gradient_DiffOp<"jvp", [AttrSizedOperandSegments]> {
  let summary = "Jacobian-vector product: results and their tangents";
  let description = [{
    Tangents pair with the differentiated arguments (argnums) and have their
    types. Results: the callee's results, then one tangent per result.

    ```mlir
    %v, %t = gradient.jvp @f(%x) tangents(%tx) : (tensor<2xf64>, tensor<2xf64>) -> (tensor<3xf64>, tensor<3xf64>)
    ```
  }];
  let arguments = !con((ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                            Variadic<AnyType>:$tangents),
                       DiffOptions);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `tangents` `(` $tangents `)` attr-dict `:`
    functional-type(operands, results)
  }];
  let extraClassDeclaration = diffMethods;
}

def Gradient_VJPOp : Gradient_DiffOp<"vjp", [AttrSizedOperandSegments]> {
  let summary = "Vector-Jacobian product: results and argument cotangents";
  let description = [{
    Cotangents pair with the callee's results and have their types. Results:
    the callee's results, then one cotangent per differentiated argument.

    ```mlir
    %v, %c = gradient.vjp @f(%x) cotangents(%cy) : (tensor<2xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<2xf64>)
    ```
  }];
  let arguments = !con((ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                            Variadic<AnyType>:$cotangents),
                       DiffOptions);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `cotangents` `(` $cotangents `)` attr-dict `:`
    functional-type(operands, results)
  }];
  let extraClassDeclaration = diffMethods;
}

def Gradient_CustomGradOp : Gradient_Op<"custom_grad",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Register a custom gradient (forward and reverse) for a function";
  let description = [{
    `gradient.custom_grad @f fwd(@f_fwd) rev(@f_rev)`:
    `@f_fwd` takes @f's arguments and returns @f's results followed by any
    residuals; `@f_rev` takes the residuals followed by one cotangent per
    result of @f and returns one cotangent per argument of @f.
    Optionally `@f_jvp` takes @f's arguments followed by one tangent per
    argument and returns @f's results followed by one tangent per result
    (tangents of integers are zero and ignored); with it, forward mode calls
    it, and without it derivatives through @f are built from reverse sweeps.
    `lower-gradients` records the functions' tensor-level types
    (`tensor_types`), which the AD engine needs once they are bufferized.

    ```mlir
    func.func @cube_fwd(%x: f64) -> (f64, f64)     // results, then residuals
    func.func @cube_rev(%x: f64, %ct: f64) -> f64  // residuals, cotangents
    func.func @cube_jvp(%x: f64, %t: f64) -> (f64, f64)  // optional
    gradient.custom_grad @cube fwd(@cube_fwd) rev(@cube_rev) jvp(@cube_jvp)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, FlatSymbolRefAttr:$forward,
                       FlatSymbolRefAttr:$reverse,
                       OptionalAttr<FlatSymbolRefAttr>:$tangent,
                       OptionalAttr<TypeArrayAttr>:$tensor_types);
  let assemblyFormat = [{
    $callee `fwd` `(` $forward `)` `rev` `(` $reverse `)`
    (`jvp` `(` $tangent^ `)`)? attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Internal ops
//===----------------------------------------------------------------------===//

def Gradient_ParameterVJPOp : Gradient_Op<"parameter_vjp"> {
  let summary = "Register the gradient of a function of a parameter buffer, "
                "as a vector-Jacobian product";
  let description = [{
    Internal (made by `lower-gradients` for the quantum part of a hybrid
    function). `@f(%params: memref<?xf64>, %args...) -> results` depends
    differentiably on `%params` only: its other arguments steer control flow
    and are held constant. Two forms:
    - without `forward`: the forward sweep calls @f and keeps copies of its
      inputs; `@f_vjp(%params, %args..., one cotangent per result of @f,
      %out: memref<?xf64>)` writes into `%out` the cotangent of `%params`;
    - with `forward(@f_taped)`: the forward sweep calls `@f_taped`, which
      takes @f's arguments and returns @f's results and one `i64` residual;
      `@f_vjp(%residual, one cotangent per result, %out)` as above.
    `tensor_type` is @f's type before bufferization.

    ```mlir
    gradient.parameter_vjp @f vjp(@f_vjp) {tensor_type = (memref<?xf64>, f64) -> f64}
    gradient.parameter_vjp @g forward(@g_taped) vjp(@g_vjp) {tensor_type = (memref<?xf64>) -> f64}
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       OptionalAttr<FlatSymbolRefAttr>:$forward,
                       FlatSymbolRefAttr:$vjp,
                       TypeAttrOf<FunctionType>:$tensor_type);
  let assemblyFormat = [{
    $callee (`forward` `(` $forward^ `)`)? `vjp` `(` $vjp `)` attr-dict
  }];
}

// On tensors, a derivative is a pure function of its operands.
def Gradient_BackpropOp : Gradient_Op<"backprop",
    [Pure, AttrSizedOperandSegments, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Reverse mode: the callee's results and the cotangents of "
                "chosen arguments, given result cotangents";
  let description = [{
    Internal (made by `lower-gradients`): one reverse sweep. Results: the
    callee's results, then the cotangents of the arguments `diff_args`.

    ```mlir
    %r, %dx = gradient.backprop @f(%x) cotangents(%ct) {diff_args = array<i64: 0>}
        : (f64, f64) -> (f64, f64)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                       Variadic<AnyType>:$cotangents, DenseI64ArrayAttr:$diff_args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `cotangents` `(` $cotangents `)` attr-dict `:`
    functional-type(operands, results)
  }];
}

def Gradient_ForwardOp : Gradient_Op<"forward",
    [Pure, AttrSizedOperandSegments, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Forward mode: the callee's results and their tangents, given "
                "tangents of chosen arguments";
  let description = [{
    Internal (made by `lower-gradients`): one forward sweep. Tangents pair
    with `diff_args`. Results: the callee's results, then their tangents.

    ```mlir
    %r, %t = gradient.forward @f(%x) tangents(%tx) {diff_args = array<i64: 0>}
        : (f64, f64) -> (f64, f64)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                       Variadic<AnyType>:$tangents, DenseI64ArrayAttr:$diff_args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `tangents` `(` $tangents `)` attr-dict `:`
    functional-type(operands, results)
  }];
}

// The bufferized forms. `args` are all arguments of the bufferized callee
// (outputs included); `shadows` pair with the buffer operands listed in
// `shadowed` (in order), `scalar_seeds` with the float scalars listed in
// `active_scalars` (reverse: cotangents of scalar results; forward: tangents of
// scalar arguments).
class Gradient_BufferCallOp<string mnemonic, string what>
    : Gradient_Op<mnemonic, [AttrSizedOperandSegments]> {
  let summary = what;
  let description = [{
    Internal (made by bufferizing `gradient.backprop` and `gradient.forward`;
    `differentiate` replaces it by calls of generated functions).

    ```mlir
    %dx = gradient.reverse_call @f(%x, %m) shadows(%dm) seeds(%one)
        {shadowed = array<i64: 1>, active_scalars = array<i64: 0>}
        : (f64, memref<4xf64>, memref<4xf64>, f64) -> f64
    %r, %t = gradient.tangent_call @g(%x) shadows() seeds(%dx)
        {shadowed = array<i64>, active_scalars = array<i64: 0>}
        : (f64, f64) -> (f64, f64)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args,
                       Variadic<AnyMemRef>:$shadows, Variadic<AnyFloat>:$scalar_seeds,
                       DenseI64ArrayAttr:$shadowed,
                       DenseI64ArrayAttr:$active_scalars);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` `shadows` `(` $shadows `)` `seeds` `(` $scalar_seeds `)`
    attr-dict `:` functional-type(operands, results)
  }];
}

def Gradient_ReverseCallOp : Gradient_BufferCallOp<"reverse_call",
    "Reverse mode on buffers: results are the callee's scalar results and "
    "the adjoints of its active scalar arguments; argument shadows receive "
    "adjoints, result shadows hold cotangents">;

def Gradient_TangentCallOp : Gradient_BufferCallOp<"tangent_call",
    "Forward mode on buffers: results are the callee's scalar results and "
    "their tangents; result shadows receive tangents">;

// The tape is one memory resource: pushes and pops keep their order.
def Gradient_TapeResource : Resource<"::cotangent::gradient::TapeResource">;

def Gradient_Pointer : Type<
    CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">, "pointer",
    "::mlir::LLVM::LLVMPointerType">;

// Tape slots hold scalars and pointers (a custom gradient's residual tape).
def Gradient_TapeValue : AnyTypeOf<[AnyFloat, AnySignlessInteger, Index,
    Gradient_Pointer]>;

def Gradient_TapePushOp : Gradient_Op<"tape_push",
    [MemoryEffects<[MemWrite<Gradient_TapeResource>]>]> {
  let summary = "Save values for the reverse sweep";
  let description = [{
    Pushes its operands, in order, onto the derivative tape, a stack that
    lives for one run; the matching `gradient.tape_pop` in the reverse sweep
    takes them back. Generated by the AD engine.

    ```mlir
    gradient.tape_push %x, %i : f64, index
    ```
  }];
  let arguments = (ins Variadic<Gradient_TapeValue>:$values);
  let assemblyFormat = "$values attr-dict `:` type($values)";
}

def Gradient_TapePopOp : Gradient_Op<"tape_pop",
    [MemoryEffects<[MemRead<Gradient_TapeResource>, MemWrite<Gradient_TapeResource>]>]> {
  let summary = "Take back the values of the matching tape_push";
  let description = [{
    ```mlir
    %x, %i = gradient.tape_pop : f64, index
    ```
  }];
  let results = (outs Variadic<Gradient_TapeValue>:$values);
  let assemblyFormat = "attr-dict `:` type($values)";
}

// A custom gradient's residuals travel from its forward to its reverse
// function in a residual tape of their own (one per dynamic call), a pointer
// the forward function returns.
def Gradient_ResidualsCreateOp : Gradient_Op<"residuals_create",
    [MemoryEffects<[MemAlloc<Gradient_TapeResource>]>]> {
  let summary = "A new residual tape with room for `count` buffers";
  let description = [{
    With `count = 0` the tape is a null pointer.

    ```mlir
    %tape = gradient.residuals_create 2 : !llvm.ptr
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$count);
  let results = (outs Gradient_Pointer:$tape);
  let assemblyFormat = "$count attr-dict `:` type($tape)";
}

def Gradient_ResidualsPutOp : Gradient_Op<"residuals_put"> {
  let summary = "Copy a buffer into slot `index` of a residual tape";
  let description = [{
    The buffer may have dynamic sizes; `residuals_get` must then be given a
    buffer of the same sizes (keep them in slots of their own).

    ```mlir
    gradient.residuals_put %buffer, %tape[0] : memref<3xf64>, !llvm.ptr
    ```
  }];
  let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$buffer,
                       Arg<Gradient_Pointer, "", [MemWrite<Gradient_TapeResource>]>:$tape,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$index);
  let assemblyFormat = "$buffer `,` $tape `[` $index `]` attr-dict `:` type($buffer) `,` type($tape)";
  let hasVerifier = 1;
}

def Gradient_ResidualsGetOp : Gradient_Op<"residuals_get"> {
  let summary = "Copy slot `index` of a residual tape into a buffer";
  let description = [{
    ```mlir
    gradient.residuals_get %tape[0], %buffer : !llvm.ptr, memref<3xf64>
    ```
  }];
  let arguments = (ins Arg<Gradient_Pointer, "", [MemRead<Gradient_TapeResource>]>:$tape,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$index,
                       Arg<AnyMemRef, "", [MemWrite]>:$buffer);
  let assemblyFormat = "$tape `[` $index `]` `,` $buffer attr-dict `:` type($tape) `,` type($buffer)";
  let hasVerifier = 1;
}

def Gradient_ResidualsFreeOp : Gradient_Op<"residuals_free",
    [MemoryEffects<[MemFree<Gradient_TapeResource>]>]> {
  let summary = "Free a residual tape (a null tape is fine)";
  let description = [{
    ```mlir
    gradient.residuals_free %tape : !llvm.ptr
    ```
  }];
  let arguments = (ins Gradient_Pointer:$tape);
  let assemblyFormat = "$tape attr-dict `:` type($tape)";
}

#endif // COTANGENT_GRADIENT_OPS
