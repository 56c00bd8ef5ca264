// Verifier diagnostics of the gradient dialect.
// RUN: cot-opt %s -split-input-file -verify-diagnostics

func.func @f(%x: f64, %y: tensor<2xf64>) -> f64 {
  return %x : f64
}
func.func @out_of_range(%x: f64, %y: tensor<2xf64>) -> f64 {
  // expected-error @+1 {{argnums entry 2 is out of range: @f has 2 argument(s)}}
  %g = gradient.grad @f(%x, %y) {argnums = array<i64: 2>} : (f64, tensor<2xf64>) -> f64
  return %g : f64
}

// -----

func.func @f(%x: f64, %y: tensor<2xf64>) -> f64 {
  return %x : f64
}
func.func @twice(%x: f64, %y: tensor<2xf64>) -> (f64, f64) {
  // expected-error @+1 {{argnums lists argument 0 twice}}
  %g:2 = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 0>} : (f64, tensor<2xf64>) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}

// -----

func.func @f(%x: f64, %y: tensor<2xf64>) -> f64 {
  return %x : f64
}
func.func @shape(%x: f64, %y: tensor<2xf64>) -> f64 {
  // expected-error @+1 {{must return one derivative per result and argnum, of types (tensor<2xf64>), not (f64)}}
  %g = gradient.grad @f(%x, %y) {argnums = array<i64: 1>} : (f64, tensor<2xf64>) -> f64
  return %g : f64
}

// -----

func.func @f(%x: i64) -> f64 {
  %r = arith.sitofp %x : i64 to f64
  return %r : f64
}
func.func @integer(%x: i64) -> i64 {
  // expected-error @+1 {{argument 0 of @f has type 'i64', which cannot be differentiated}}
  %g = gradient.grad @f(%x) : (i64) -> i64
  return %g : i64
}

// -----

func.func @nothing(%x: f64) -> f64 {
  // expected-error @+1 {{differentiates '@missing', which is not a function in this module}}
  %g = gradient.grad @missing(%x) : (f64) -> f64
  return %g : f64
}

// -----

func.func @f(%x: f64) -> f64 {
  return %x : f64
}
func.func @arguments(%x: f32) -> f64 {
  // expected-error @+1 {{passes arguments of types (f32) but @f takes (f64)}}
  %g = gradient.grad @f(%x) : (f32) -> f64
  return %g : f64
}

// -----

func.func @f(%x: tensor<2xf64>) -> tensor<3xf64> {
  %t = tensor.empty() : tensor<3xf64>
  return %t : tensor<3xf64>
}
func.func @tangent_type(%x: tensor<2xf64>, %t: tensor<3xf64>) {
  // expected-error @+1 {{tangents must have the types of the differentiated arguments (tensor<2xf64>), not (tensor<3xf64>)}}
  %r:2 = gradient.jvp @f(%x) tangents(%t) : (tensor<2xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  return
}

// -----

func.func @f(%x: tensor<2xf64>) -> tensor<3xf64> {
  %t = tensor.empty() : tensor<3xf64>
  return %t : tensor<3xf64>
}
func.func @cotangent_type(%x: tensor<2xf64>, %c: tensor<2xf64>) {
  // expected-error @+1 {{cotangents must have the types of the results (tensor<3xf64>), not (tensor<2xf64>)}}
  %r:2 = gradient.vjp @f(%x) cotangents(%c) : (tensor<2xf64>, tensor<2xf64>) -> (tensor<3xf64>, tensor<2xf64>)
  return
}

// -----

func.func @f(%x: f64) -> f64 {
  return %x : f64
}
func.func @method(%x: f64) -> f64 {
  // expected-error @+1 {{method must be "auto" or "fd", not "magic"}}
  %g = gradient.grad @f(%x) {method = "magic"} : (f64) -> f64
  return %g : f64
}

// -----

func.func @s(%x: f64) -> f64 {
  return %x : f64
}
func.func @s_fwd(%x: f32) -> (f64, f64) {
  %r = arith.extf %x : f32 to f64
  return %r, %r : f64, f64
}
func.func @s_rev(%r: f64, %ct: f64) -> f64 {
  return %ct : f64
}
// expected-error @+1 {{forward @s_fwd must take (f64) and return (f64) followed by residuals}}
gradient.custom_grad @s fwd(@s_fwd) rev(@s_rev)

// -----

func.func @s(%x: f64) -> f64 {
  return %x : f64
}
func.func @s_fwd(%x: f64) -> (f64, f64) {
  return %x, %x : f64, f64
}
func.func @s_rev(%ct: f64) -> f64 {
  return %ct : f64
}
// expected-error @+1 {{reverse @s_rev must have type (f64, f64) -> (f64) (residuals, then cotangents of the results -> cotangents of the arguments)}}
gradient.custom_grad @s fwd(@s_fwd) rev(@s_rev)

// -----

func.func @s(%x: f64) -> f64 {
  return %x : f64
}
func.func @s_fwd(%x: f64) -> (f64, f64) {
  return %x, %x : f64, f64
}
func.func @s_rev(%r: f64, %ct: f64) -> f64 {
  return %ct : f64
}
func.func @s_jvp(%x: f64) -> f64 {
  return %x : f64
}
// expected-error @+1 {{jvp @s_jvp must have type (f64, f64) -> (f64, f64) (arguments, then their tangents -> results, then theirs)}}
gradient.custom_grad @s fwd(@s_fwd) rev(@s_rev) jvp(@s_jvp)

// -----

func.func @s(%x: f64) -> f64 {
  return %x : f64
}
func.func @s_fwd(%x: f64) -> (f64, f64) {
  return %x, %x : f64, f64
}
func.func @s_rev(%r: f64, %ct: f64) -> f64 {
  return %ct : f64
}
// expected-error @+1 {{'@nothing' is not a function in this module}}
gradient.custom_grad @s fwd(@s_fwd) rev(@s_rev) jvp(@nothing)
