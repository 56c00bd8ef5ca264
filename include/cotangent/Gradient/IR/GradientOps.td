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
                           "mlir::func::FuncDialect"];
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
    the derivative with type shape(result) ++ shape(argument).
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
    `lower-gradients` records the three functions' tensor-level types
    (`tensor_types`), which the AD engine needs once they are bufferized.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, FlatSymbolRefAttr:$forward,
                       FlatSymbolRefAttr:$reverse,
                       OptionalAttr<TypeArrayAttr>:$tensor_types);
  let assemblyFormat = "$callee `fwd` `(` $forward `)` `rev` `(` $reverse `)` attr-dict";
}

//===----------------------------------------------------------------------===//
// Internal ops
//===----------------------------------------------------------------------===//

// On tensors, a derivative is a pure function of its operands.
def Gradient_BackpropOp : Gradient_Op<"backprop",
    [Pure, AttrSizedOperandSegments, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Reverse mode: the callee's results and the cotangents of "
                "chosen arguments, given result cotangents";
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

def Gradient_TapePushOp : Gradient_Op<"tape_push",
    [MemoryEffects<[MemWrite<Gradient_TapeResource>]>]> {
  let summary = "Save values for the reverse sweep";
  let arguments = (ins Variadic<AnyTypeOf<[AnyFloat, AnySignlessInteger, Index]>>:$values);
  let assemblyFormat = "$values attr-dict `:` type($values)";
}

def Gradient_TapePopOp : Gradient_Op<"tape_pop",
    [MemoryEffects<[MemRead<Gradient_TapeResource>, MemWrite<Gradient_TapeResource>]>]> {
  let summary = "Take back the values of the matching tape_push";
  let results = (outs Variadic<AnyTypeOf<[AnyFloat, AnySignlessInteger, Index]>>:$values);
  let assemblyFormat = "attr-dict `:` type($values)";
}

#endif // COTANGENT_GRADIENT_OPS
