//===- CallbackOps.td - the callback dialect --------------*- tablegen -*-===//
//
// Calls from compiled code back into host code. User-facing ops: `declare`
// names a host function and its signature, `call` calls it, `print` prints a
// value. `specialize-callbacks` gives every declared callback a function of
// its own whose body is the internal op `invoke`: the call of the runtime's
// one generic callback entry.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_CALLBACK_OPS
#define COTANGENT_CALLBACK_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Callback_Dialect : Dialect {
  let name = "callback";
  let summary = "Calls from compiled code into host functions, with their "
                "custom gradients";
  let cppNamespace = "::cotangent::callback";
  let dependentDialects = ["mlir::func::FuncDialect"];
}

class Callback_Op<string mnemonic, list<Trait> traits = []>
    : Op<Callback_Dialect, mnemonic, traits>;

// What the host can exchange with compiled code: f64, f32, i64 and i1
// scalars, and statically shaped tensors of them.
def Callback_ScalarType : AnyTypeOf<[F64, F32, I64, I1]>;
def Callback_ValueType : AnyTypeOf<[Callback_ScalarType,
    StaticShapeTensorOf<[F64, F32, I64, I1]>]>;

def Callback_DeclareOp : Callback_Op<"declare", [Symbol]> {
  let summary = "Declare a host function that the program calls";
  let description = [{
    ```mlir
    callback.declare @scaled_sin : (f64, f64) -> f64
    callback.declare @log_step : (i64, f64) -> ()
    ```
    The host registers a function under the same name and signature before
    the program is bound (compiled or loaded). A callback without results is
    inactive: it runs for its effect, once per forward execution.
    `host_gradient` is set when the program is bound to a host function that
    has a custom gradient (its forward and reverse), `host_jvp` when that
    gradient also has a JVP.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       UnitAttr:$host_gradient, UnitAttr:$host_jvp);
  let assemblyFormat = "$sym_name `:` $function_type attr-dict";
  let hasVerifier = 1;
}

def Callback_CallOp : Callback_Op<"call",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Call a declared host function";
  let description = [{
    ```mlir
    %y = callback.call @scaled_sin(%a, %b) : (f64, f64) -> f64
    ```
    The operands and results match the declaration's signature.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<Callback_ValueType>:$args);
  let results = (outs Variadic<Callback_ValueType>:$results);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
}

// callback.print also takes the buffer of a value, as after bufferization.
def Callback_PrintableType : AnyTypeOf<[Callback_ValueType,
    StaticShapeMemRefOf<[F64, F32, I64, I1]>]>;

def Callback_PrintOp : Callback_Op<"print",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "Print a value to the host's output (a debug print)";
  let description = [{
    ```mlir
    callback.print %x : tensor<2xf64>
    ```
    Prints the value as a JSON literal on its own line, once per forward
    execution, in program order; it is inactive under differentiation.
  }];
  let arguments = (ins Callback_PrintableType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Internal ops
//===----------------------------------------------------------------------===//

def Callback_Invocation : I64EnumAttr<"Invocation",
    "what one call of the runtime's callback entry runs", [
      I64EnumAttrCase<"primal", 0>,
      I64EnumAttrCase<"forward", 1>,
      I64EnumAttrCase<"reverse", 2>,
      I64EnumAttrCase<"tangent", 3>]> {
  let cppNamespace = "::cotangent::callback";
}

def Callback_InvokeOp : Callback_Op<"invoke",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Call the runtime's callback entry (internal)";
  let description = [{
    Made by `specialize-callbacks` as the body of a callback's function.
    `id` is the callback's position among the module's declarations, which
    is where the bound program keeps its host function.
    - `primal`: the callback's arguments in, its results out.
    - `forward`: the same results followed by an i64 handle of the host's
      residuals.
    - `reverse`: the handle and one cotangent per result in, one cotangent
      per argument out (zero for integers); releases the residuals.
    - `tangent`: the arguments and one tangent per argument in, the results
      and one tangent per result out (the host's JVP).

    ```mlir
    %y = callback.invoke primal "scaled_sin" id(0) (%a, %b)
           : (f64, f64) -> f64
    ```
    After bufferization the tensor results become buffer operands that the
    call writes (`num_outputs` of them, last).
  }];
  let arguments = (ins Callback_Invocation:$invocation, StrAttr:$callback,
                       I64Attr:$id, Variadic<AnyType>:$args,
                       DefaultValuedAttr<I64Attr, "0">:$num_outputs);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $invocation $callback `id` `(` $id `)` `(` $args `)` attr-dict `:`
    functional-type($args, $results)
  }];
  let hasVerifier = 1;
}

#endif
