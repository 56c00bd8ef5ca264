// Forward mode (gradient.jvp) through in-place buffer updates in a loop, a
// private helper taking a memref, and an scf.while: the tangent of the
// tensor result is compared with the FD Jacobian times the tangent.
//   a = copy of v (memref<3xf64>)
//   relax(a, c) (helper): for i in 1..2: a[i] = a[i] c + sin(a[i-1])
//   k = 0; while a[0] < 4 and k < 6: a[0] = a[0] + a[2]^2 / 2 + 0.5; k += 1;  relax(a, c)
//   f(v, c) = [a[0], a[1] a[2], c a[0]]
// The points keep each a[0] away from 4 by more than 0.1 (checked when the
// test was written).
// Values: rtol 1e-12; tangents: the defaults (rtol 1e-6, atol 1e-8), FD
// truncation s^2 |f'''| / 6 < 1e-10 and rounding < 1e-8, |t| <= 1.
// RUN: %gradcheck %s --primal f --jvp jf --argnums 0,1 -- "[0.5, -0.3, 0.8]" 0.9 -- "[1.0, 0.0, 0.0]" 0.0
// RUN: %gradcheck %s --primal f --jvp jf --argnums 0,1 -- "[0.5, -0.3, 0.8]" 0.9 -- "[0.2, -0.7, 0.4]" 1.0
// RUN: %gradcheck %s --primal f --jvp jf --argnums 0,1 -- "[-1.0, 0.6, 1.2]" 0.4 -- "[0.5, 0.5, -1.0]" -0.3

func.func private @relax(%a: memref<3xf64>, %c: f64) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c1 to %c3 step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %ai = memref.load %a[%i] : memref<3xf64>
    %ap = memref.load %a[%im1] : memref<3xf64>
    %m = arith.mulf %ai, %c : f64
    %s = math.sin %ap : f64
    %n = arith.addf %m, %s : f64
    memref.store %n, %a[%i] : memref<3xf64>
  }
  return
}

func.func @f(%v: tensor<3xf64>, %c: f64) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %i6 = arith.constant 6 : i64
  %four = arith.constant 4.0 : f64
  %half = arith.constant 0.5 : f64
  %a = memref.alloc() : memref<3xf64>
  scf.for %i = %c0 to %c3 step %c1 {
    %e = tensor.extract %v[%i] : tensor<3xf64>
    memref.store %e, %a[%i] : memref<3xf64>
  }
  %k = scf.while (%kw = %i0) : (i64) -> i64 {
    %a0 = memref.load %a[%c0] : memref<3xf64>
    %low = arith.cmpf olt, %a0, %four : f64
    %few = arith.cmpi slt, %kw, %i6 : i64
    %go = arith.andi %low, %few : i1
    scf.condition(%go) %kw : i64
  } do {
  ^bb0(%kb: i64):
    %a0 = memref.load %a[%c0] : memref<3xf64>
    %a2 = memref.load %a[%c2] : memref<3xf64>
    %sq = arith.mulf %a2, %a2 : f64
    %h = arith.mulf %sq, %half : f64
    %s = arith.addf %a0, %h : f64
    %n = arith.addf %s, %half : f64
    memref.store %n, %a[%c0] : memref<3xf64>
    func.call @relax(%a, %c) : (memref<3xf64>, f64) -> ()
    %kn = arith.addi %kb, %i1 : i64
    scf.yield %kn : i64
  }
  %r0 = memref.load %a[%c0] : memref<3xf64>
  %r1 = memref.load %a[%c1] : memref<3xf64>
  %r2 = memref.load %a[%c2] : memref<3xf64>
  %p = arith.mulf %r1, %r2 : f64
  %q = arith.mulf %c, %r0 : f64
  %r = tensor.from_elements %r0, %p, %q : tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func @jf(%v: tensor<3xf64>, %c: f64, %tv: tensor<3xf64>, %tc: f64) -> (tensor<3xf64>, tensor<3xf64>) {
  %val, %tan = gradient.jvp @f(%v, %c) tangents(%tv, %tc) {argnums = array<i64: 0, 1>}
      : (tensor<3xf64>, f64, tensor<3xf64>, f64) -> (tensor<3xf64>, tensor<3xf64>)
  return %val, %tan : tensor<3xf64>, tensor<3xf64>
}
