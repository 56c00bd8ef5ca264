// specialize-callbacks: each declared callback becomes a private function
// calling the runtime's callback entry with its id; a callback bound to a
// host gradient also gets its forward and reverse, registered as its custom
// gradient; call sites call the functions.
// RUN: cot-opt %s --specialize-callbacks | FileCheck %s

// CHECK: func.func private @scaled_sin(%[[A:.*]]: f64, %[[B:.*]]: f64) -> f64 attributes {no_inline}
// CHECK-NEXT: %[[Y:.*]] = callback.invoke primal "scaled_sin" id(0) (%[[A]], %[[B]]) : (f64, f64) -> f64
// CHECK-NEXT: return %[[Y]] : f64
// CHECK: func.func private @scaled_sin.host_forward(%[[A:.*]]: f64, %[[B:.*]]: f64) -> (f64, i64) attributes {no_inline}
// CHECK-NEXT: %{{.*}}:2 = callback.invoke forward "scaled_sin" id(0) (%[[A]], %[[B]]) : (f64, f64) -> (f64, i64)
// CHECK: func.func private @scaled_sin.host_reverse(%[[H:.*]]: i64, %[[CT:.*]]: f64) -> (f64, f64) attributes {no_inline}
// CHECK-NEXT: %{{.*}}:2 = callback.invoke reverse "scaled_sin" id(0) (%[[H]], %[[CT]]) : (i64, f64) -> (f64, f64)
// CHECK: gradient.custom_grad @scaled_sin fwd(@scaled_sin.host_forward) rev(@scaled_sin.host_reverse)
callback.declare @scaled_sin : (f64, f64) -> f64 {host_gradient}

// No gradient, no results: the primal function only.
// CHECK: func.func private @log_step(%{{.*}}: i64, %{{.*}}: f64) attributes {no_inline}
// CHECK-NEXT: callback.invoke primal "log_step" id(1)
// CHECK-NOT: log_step.host_forward
callback.declare @log_step : (i64, f64) -> ()

// CHECK: func.func private @arrays(%{{.*}}: tensor<3xf64>) -> (tensor<2xf64>, f64)
// CHECK-NEXT: callback.invoke primal "arrays" id(2) (%{{.*}}) : (tensor<3xf64>) -> (tensor<2xf64>, f64)
// CHECK-NOT: arrays.host_forward
callback.declare @arrays : (tensor<3xf64>) -> (tensor<2xf64>, f64)

// With a host JVP as well: @cb.host_jvp takes the arguments and their
// tangents and returns the results and theirs.
// CHECK: func.func private @powers.host_jvp(%{{.*}}: f64, %{{.*}}: f64) -> (tensor<3xf64>, tensor<3xf64>) attributes {no_inline}
// CHECK-NEXT: callback.invoke tangent "powers" id(3) (%{{.*}}, %{{.*}}) : (f64, f64) -> (tensor<3xf64>, tensor<3xf64>)
// CHECK: gradient.custom_grad @powers fwd(@powers.host_forward) rev(@powers.host_reverse) jvp(@powers.host_jvp)
callback.declare @powers : (f64) -> tensor<3xf64> {host_gradient, host_jvp}

// A program function already named like a generated one keeps its name;
// the generated function is renamed.
// CHECK: func.func @clash.host_forward(%{{.*}}: f64) -> f64
func.func @clash.host_forward(%x: f64) -> f64 {
  return %x : f64
}
// CHECK: func.func private @clash.host_forward_[[N:[0-9]+]](
// CHECK: gradient.custom_grad @clash fwd(@clash.host_forward_[[N]]) rev(@clash.host_reverse)
callback.declare @clash : (f64) -> f64 {host_gradient}

// CHECK-LABEL: func.func @main
func.func @main(%a: f64, %b: f64, %t: tensor<3xf64>) -> f64 {
  // CHECK: %[[Y:.*]] = call @scaled_sin(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
  %y = callback.call @scaled_sin(%a, %b) : (f64, f64) -> f64
  // CHECK: call @log_step
  %i = arith.constant 3 : i64
  callback.call @log_step(%i, %y) : (i64, f64) -> ()
  // CHECK: call @arrays
  %r:2 = callback.call @arrays(%t) : (tensor<3xf64>) -> (tensor<2xf64>, f64)
  // CHECK: callback.print %[[Y]] : f64
  callback.print %y : f64
  // CHECK-NOT: callback.call
  %s = arith.addf %y, %r#1 : f64
  return %s : f64
}
