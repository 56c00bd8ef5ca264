// Tests of test/tools/gradcheck.py itself, with derivatives written out by
// hand (no gradient ops): the checker accepts correct derivatives in every
// mode and rejects a wrong element, a wrong shape and a wrong result count.
//
// f(x, v) = (x sin v0 + v1 v2,  [x^2, v0 v2])
//   d r0/dx = sin v0            d r0/dv = [x cos v0, v2, v1]
//   d r1/dx = [2x, 0]           d r1/dv = [[0, 0, 0], [v2, 0, v0]]
//
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.9 "[2.0, 0.5, -0.25]"
// RUN: %gradcheck %s --primal f --value-and-grad vg --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]"
// RUN: %gradcheck %s --primal f --jvp jvp --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]" -- 0.5 "[1.0, -2.0, 0.25]"
// RUN: %gradcheck %s --primal f --vjp vjp --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]" -- 1.5 "[-0.5, 2.0]"
// Only argument 1: the blocks for argument 0 are left out.
// RUN: %gradcheck %s --primal f --grad dfv --argnums 1 -- 0.7 "[0.3, -1.2, 2.5]"
//
// A wrong element is reported with its index, and the check fails.
// RUN: %exitcode 1 %gradcheck %s --primal f --grad df_wrong --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]" | FileCheck %s --check-prefix=WRONG
// WRONG: FAILED: 1 problem(s)
// WRONG: d result 1 / d arg 1[1, 2]: got 1, expected 0.{{29999|30000}}
// A block of the wrong shape (d r1/dv returned flat) and a missing block.
// RUN: %exitcode 1 %gradcheck %s --primal f --grad df_flat --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]" | FileCheck %s --check-prefix=SHAPE
// SHAPE: d result 1 / d arg 1: expected shape [2, 3], got shape [6]
// RUN: %exitcode 1 %gradcheck %s --primal f --grad dfv --argnums 0,1 -- 0.7 "[0.3, -1.2, 2.5]" | FileCheck %s --check-prefix=COUNT
// COUNT: @dfv returned 2 result(s), expected 4
// A tolerance too tight for finite differences fails; usage errors exit 2.
// RUN: %exitcode 1 %gradcheck %s --primal f --grad df --argnums 0,1 --rtol 0 --atol 1e-15 -- 0.7 "[0.3, -1.2, 2.5]"
// RUN: %exitcode 2 %gradcheck %s --primal f -- 0.7 "[0.3, -1.2, 2.5]"
// RUN: %exitcode 2 %gradcheck %s --primal f --grad df --argnums 2 -- 0.7 "[0.3, -1.2, 2.5]"
// A program that does not compile or run is a failure, with cot's message.
// RUN: %exitcode 1 %gradcheck %s --primal nowhere --grad df -- 0.7 "[0.3, -1.2, 2.5]" 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: no entry point named 'nowhere'
//
// f32 arguments: the perturbed points are rounded to f32; step 1e-3 because
// f32 rounding (6e-8 relative) divided by the step dominates the FD error:
// ~6e-8 |g| / 1e-3 ~ 1e-4 relative for g = x^3 near 1.3, and truncation
// s^2 |g'''| / 6 ~ 2e-6.
// RUN: %gradcheck %s --primal g --grad dg --f32 --h 1e-3 --rtol 1e-3 --atol 1e-4 -- 1.3
// RUN: %gradcheck %s --primal g --grad dg --f32 --h 1e-3 --rtol 1e-3 --atol 1e-4 -- -0.6

func.func @f(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %s = math.sin %v0 : f64
  %a = arith.mulf %x, %s : f64
  %b = arith.mulf %v1, %v2 : f64
  %r0 = arith.addf %a, %b : f64
  %xx = arith.mulf %x, %x : f64
  %p = arith.mulf %v0, %v2 : f64
  %r1 = tensor.from_elements %xx, %p : tensor<2xf64>
  return %r0, %r1 : f64, tensor<2xf64>
}

// The four blocks of the Jacobian at (x, v), result-major.
func.func private @blocks(%x: f64, %v: tensor<3xf64>, %wrong: f64)
    -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %s = math.sin %v0 : f64
  %c = math.cos %v0 : f64
  %xc = arith.mulf %x, %c : f64
  %g0v = tensor.from_elements %xc, %v2, %v1 : tensor<3xf64>
  %x2 = arith.mulf %two, %x : f64
  %g1x = tensor.from_elements %x2, %zero : tensor<2xf64>
  %v0w = arith.addf %v0, %wrong : f64
  %g1v = tensor.from_elements %zero, %zero, %zero, %v2, %zero, %v0w : tensor<2x3xf64>
  return %s, %g0v, %g1x, %g1v : f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>
}

func.func @df(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>) {
  %zero = arith.constant 0.0 : f64
  %a, %b, %c, %d = func.call @blocks(%x, %v, %zero) : (f64, tensor<3xf64>, f64) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>)
  return %a, %b, %c, %d : f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>
}

func.func @df_wrong(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>) {
  %eps = arith.constant 0.7 : f64
  %a, %b, %c, %d = func.call @blocks(%x, %v, %eps) : (f64, tensor<3xf64>, f64) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>)
  return %a, %b, %c, %d : f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>
}

func.func @df_flat(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<6xf64>) {
  %zero = arith.constant 0.0 : f64
  %a, %b, %c, %d = func.call @blocks(%x, %v, %zero) : (f64, tensor<3xf64>, f64) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>)
  %flat = tensor.collapse_shape %d [[0, 1]] : tensor<2x3xf64> into tensor<6xf64>
  return %a, %b, %c, %flat : f64, tensor<3xf64>, tensor<2xf64>, tensor<6xf64>
}

func.func @dfv(%x: f64, %v: tensor<3xf64>) -> (tensor<3xf64>, tensor<2x3xf64>) {
  %zero = arith.constant 0.0 : f64
  %a, %b, %c, %d = func.call @blocks(%x, %v, %zero) : (f64, tensor<3xf64>, f64) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>)
  return %b, %d : tensor<3xf64>, tensor<2x3xf64>
}

func.func @vg(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<2xf64>, f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>) {
  %r0, %r1 = func.call @f(%x, %v) : (f64, tensor<3xf64>) -> (f64, tensor<2xf64>)
  %zero = arith.constant 0.0 : f64
  %a, %b, %c, %d = func.call @blocks(%x, %v, %zero) : (f64, tensor<3xf64>, f64) -> (f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>)
  return %r0, %r1, %a, %b, %c, %d : f64, tensor<2xf64>, f64, tensor<3xf64>, tensor<2xf64>, tensor<2x3xf64>
}

// J.t written out: t0 = sin v0 tx + x cos v0 tv0 + v2 tv1 + v1 tv2,
// t1 = [2x tx, v2 tv0 + v0 tv2].
func.func @jvp(%x: f64, %v: tensor<3xf64>, %tx: f64, %tv: tensor<3xf64>) -> (f64, tensor<2xf64>, f64, tensor<2xf64>) {
  %r0, %r1 = func.call @f(%x, %v) : (f64, tensor<3xf64>) -> (f64, tensor<2xf64>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f64
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %t0 = tensor.extract %tv[%c0] : tensor<3xf64>
  %t1 = tensor.extract %tv[%c1] : tensor<3xf64>
  %t2 = tensor.extract %tv[%c2] : tensor<3xf64>
  %s = math.sin %v0 : f64
  %c = math.cos %v0 : f64
  %a = arith.mulf %s, %tx : f64
  %xc = arith.mulf %x, %c : f64
  %b = arith.mulf %xc, %t0 : f64
  %d = arith.mulf %v2, %t1 : f64
  %e = arith.mulf %v1, %t2 : f64
  %ab = arith.addf %a, %b : f64
  %de = arith.addf %d, %e : f64
  %tan0 = arith.addf %ab, %de : f64
  %x2 = arith.mulf %two, %x : f64
  %u0 = arith.mulf %x2, %tx : f64
  %w0 = arith.mulf %v2, %t0 : f64
  %w1 = arith.mulf %v0, %t2 : f64
  %u1 = arith.addf %w0, %w1 : f64
  %tan1 = tensor.from_elements %u0, %u1 : tensor<2xf64>
  return %r0, %r1, %tan0, %tan1 : f64, tensor<2xf64>, f64, tensor<2xf64>
}

// c^T J written out: gx = c0 sin v0 + c1[0] 2x,
// gv = [c0 x cos v0 + c1[1] v2, c0 v2, c0 v1 + c1[1] v0].
func.func @vjp(%x: f64, %v: tensor<3xf64>, %c0v: f64, %c1v: tensor<2xf64>) -> (f64, tensor<2xf64>, f64, tensor<3xf64>) {
  %r0, %r1 = func.call @f(%x, %v) : (f64, tensor<3xf64>) -> (f64, tensor<2xf64>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f64
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %k0 = tensor.extract %c1v[%c0] : tensor<2xf64>
  %k1 = tensor.extract %c1v[%c1] : tensor<2xf64>
  %s = math.sin %v0 : f64
  %c = math.cos %v0 : f64
  %a = arith.mulf %c0v, %s : f64
  %x2 = arith.mulf %two, %x : f64
  %b = arith.mulf %k0, %x2 : f64
  %gx = arith.addf %a, %b : f64
  %xc = arith.mulf %x, %c : f64
  %e0 = arith.mulf %c0v, %xc : f64
  %e1 = arith.mulf %k1, %v2 : f64
  %g0 = arith.addf %e0, %e1 : f64
  %g1 = arith.mulf %c0v, %v2 : f64
  %e2 = arith.mulf %c0v, %v1 : f64
  %e3 = arith.mulf %k1, %v0 : f64
  %g2 = arith.addf %e2, %e3 : f64
  %gv = tensor.from_elements %g0, %g1, %g2 : tensor<3xf64>
  return %r0, %r1, %gx, %gv : f64, tensor<2xf64>, f64, tensor<3xf64>
}

// g(x) = x^3 in f32, g'(x) = 3 x^2.
func.func @g(%x: f32) -> f32 {
  %x2 = arith.mulf %x, %x : f32
  %x3 = arith.mulf %x2, %x : f32
  return %x3 : f32
}
func.func @dg(%x: f32) -> f32 {
  %three = arith.constant 3.0 : f32
  %x2 = arith.mulf %x, %x : f32
  %d = arith.mulf %three, %x2 : f32
  return %d : f32
}
