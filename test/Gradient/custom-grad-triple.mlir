// A custom gradient is lowered to the destination-passing triple: @f.fwd
// takes a (value, shadow) buffer pair per input and output and returns the
// residual tape; @f.rev takes the same pairs and the tape. The caller keeps
// one tape per call on the derivative tape.
// RUN: cot run %s --entry dg --no-optimize-before-ad --dump-after=differentiate -- "[1.0, 2.0, 3.0]" 2.0 2>&1 >/dev/null | FileCheck %s
// RUN: cot run %s --entry dg -- "[1.0, 2.0, 3.0]" 2.0 | %expect "1.0 + 2*2.0"

// CHECK-LABEL: func.func private @norm2.rev(
// CHECK-SAME: memref<3xf64>, %{{.*}}: memref<3xf64>, %{{.*}}: memref<f64>, %{{.*}}: memref<f64>, %{{.*}}: memref<f64>, %{{.*}}: memref<f64>, %{{.*}}: memref<3xf64>, %{{.*}}: memref<3xf64>, %[[TAPE:.*]]: !llvm.ptr)
// CHECK: gradient.residuals_get %[[TAPE]][0], %{{.*}} : !llvm.ptr, memref<3xf64>
// CHECK: gradient.residuals_get %[[TAPE]][1], %{{.*}} : !llvm.ptr, memref<f64>
// CHECK: call @norm2_rev
// CHECK: gradient.residuals_free %[[TAPE]]
// CHECK-LABEL: func.func private @norm2.fwd(
// CHECK-SAME: -> !llvm.ptr
// CHECK: call @norm2_fwd
// CHECK: %[[NEW:.*]] = gradient.residuals_create 2 : !llvm.ptr
// CHECK: gradient.residuals_put %{{.*}}, %[[NEW]][0] : memref<3xf64>, !llvm.ptr
// CHECK: gradient.residuals_put %{{.*}}, %[[NEW]][1] : memref<f64>, !llvm.ptr
// CHECK: return %[[NEW]] : !llvm.ptr
// CHECK-LABEL: func.func private @g.rev
// CHECK: %[[POPPED:.*]] = gradient.tape_pop : !llvm.ptr
// CHECK: call @norm2.rev({{.*}}, %[[POPPED]])
// CHECK-LABEL: func.func private @g.fwd
// CHECK: %[[T:.*]] = call @norm2.fwd
// CHECK: gradient.tape_push %[[T]] : !llvm.ptr

// norm2(v, s) = (v0 * s + s^2, v); a custom gradient that is the true one:
// d/ds = v0 + 2 s (from the residuals v and s), d/dv0 = s.
func.func @norm2(%v: tensor<3xf64>, %s: f64) -> (f64, tensor<3xf64>) {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %v[%c0] : tensor<3xf64>
  %p = arith.mulf %e, %s : f64
  %s2 = arith.mulf %s, %s : f64
  %r = arith.addf %p, %s2 : f64
  return %r, %v : f64, tensor<3xf64>
}
func.func @norm2_fwd(%v: tensor<3xf64>, %s: f64) -> (f64, tensor<3xf64>, tensor<3xf64>, f64) {
  %r:2 = func.call @norm2(%v, %s) : (tensor<3xf64>, f64) -> (f64, tensor<3xf64>)
  return %r#0, %r#1, %v, %s : f64, tensor<3xf64>, tensor<3xf64>, f64
}
func.func @norm2_rev(%v: tensor<3xf64>, %s: f64, %ca: f64, %cb: tensor<3xf64>) -> (tensor<3xf64>, f64) {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %v[%c0] : tensor<3xf64>
  %two = arith.constant 2.0 : f64
  %s2 = arith.mulf %two, %s : f64
  %d = arith.addf %e, %s2 : f64
  %ds = arith.mulf %ca, %d : f64
  %as = arith.mulf %ca, %s : f64
  %zero = arith.constant 0.0 : f64
  %z = tensor.splat %zero : tensor<3xf64>
  %dv0 = tensor.insert %as into %z[%c0] : tensor<3xf64>
  %dv = arith.addf %dv0, %cb : tensor<3xf64>
  return %dv, %ds : tensor<3xf64>, f64
}
gradient.custom_grad @norm2 fwd(@norm2_fwd) rev(@norm2_rev)

func.func @g(%v: tensor<3xf64>, %s: f64) -> f64 {
  %r:2 = func.call @norm2(%v, %s) : (tensor<3xf64>, f64) -> (f64, tensor<3xf64>)
  return %r#0 : f64
}
func.func @dg(%v: tensor<3xf64>, %s: f64) -> f64 {
  %d = gradient.grad @g(%v, %s) {argnums = array<i64: 1>} : (tensor<3xf64>, f64) -> f64
  return %d : f64
}
