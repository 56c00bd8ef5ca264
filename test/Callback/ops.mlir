// The callback dialect's ops print as they parse.
// RUN: cot-opt %s | cot-opt | FileCheck %s

// CHECK: callback.declare @scaled_sin : (f64, f64) -> f64
callback.declare @scaled_sin : (f64, f64) -> f64
// CHECK: callback.declare @log_step : (i64, f64) -> ()
callback.declare @log_step : (i64, f64) -> ()
// CHECK: callback.declare @arrays : (tensor<2x3xf32>, i1) -> (tensor<4xi64>, f64) {host_gradient}
callback.declare @arrays : (tensor<2x3xf32>, i1) -> (tensor<4xi64>, f64) {host_gradient}

// CHECK-LABEL: func.func @calls
func.func @calls(%a: f64, %b: f64, %i: i64, %t: tensor<2x3xf32>, %p: i1) -> f64 {
  // CHECK: %[[Y:.*]] = callback.call @scaled_sin(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
  %y = callback.call @scaled_sin(%a, %b) : (f64, f64) -> f64
  // CHECK: callback.call @log_step(%{{.*}}, %[[Y]]) : (i64, f64) -> ()
  callback.call @log_step(%i, %y) : (i64, f64) -> ()
  // CHECK: callback.call @arrays(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, i1) -> (tensor<4xi64>, f64)
  %r:2 = callback.call @arrays(%t, %p) : (tensor<2x3xf32>, i1) -> (tensor<4xi64>, f64)
  // CHECK: callback.print %{{.*}} : tensor<4xi64>
  callback.print %r#0 : tensor<4xi64>
  // CHECK: callback.print %{{.*}} : f64
  callback.print %y : f64
  return %r#1 : f64
}

// CHECK-LABEL: func.func @internal
func.func @internal(%a: f64, %h: i64, %out: memref<2xf64>) -> f64 {
  // CHECK: callback.invoke primal "scaled_sin" id(0) (%{{.*}}, %{{.*}}) : (f64, f64) -> f64
  %y = callback.invoke primal "scaled_sin" id(0) (%a, %a) : (f64, f64) -> f64
  // CHECK: callback.invoke reverse "x" id(2) (%{{.*}}, %{{.*}}) {num_outputs = 1 : i64} : (i64, memref<2xf64>) -> ()
  callback.invoke reverse "x" id(2) (%h, %out) {num_outputs = 1} : (i64, memref<2xf64>) -> ()
  // CHECK: callback.print %{{.*}} : memref<2xf64>
  callback.print %out : memref<2xf64>
  return %y : f64
}
