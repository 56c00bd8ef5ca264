// Private helper functions taking memrefs, in destination-passing style
// (they write into a buffer the caller passes), called on different
// buffers and on a strided subview, so shadows must follow the buffers
// through the calls:
//   axpy(a, X, Y): Y[i] = Y[i] + a X[i]
//   squash(Y):     Y[i] = tanh(Y[i])
//   p = copy of v;  q[i] = w[i]^2
//   axpy(x, p, q); squash(q); axpy(-0.5, q, p); axpy(x, q, subview p[0][2][2]) (p[0], p[2])
//   f(v, w, x) = sum_i p[i] q[i] + p[3]
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[0.5, -0.3, 0.8, 0.1]" "[1.1, 0.4, -0.6, 0.9]" 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[-1.2, 0.7, 0.2, -0.4]" "[0.3, -0.8, 1.5, 0.2]" -1.3

func.func private @axpy(%a: f64, %x: memref<?xf64, strided<[?], offset: ?>>, %y: memref<?xf64, strided<[?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf64, strided<[?], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf64, strided<[?], offset: ?>>
    %yi = memref.load %y[%i] : memref<?xf64, strided<[?], offset: ?>>
    %ax = arith.mulf %a, %xi : f64
    %s = arith.addf %yi, %ax : f64
    memref.store %s, %y[%i] : memref<?xf64, strided<[?], offset: ?>>
  }
  return
}

func.func private @squash(%y: memref<4xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %yi = memref.load %y[%i] : memref<4xf64>
    %t = math.tanh %yi : f64
    memref.store %t, %y[%i] : memref<4xf64>
  }
  return
}

func.func @f(%v: tensor<4xf64>, %w: tensor<4xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %mhalf = arith.constant -0.5 : f64
  %p = memref.alloc() : memref<4xf64>
  %q = memref.alloc() : memref<4xf64>
  scf.for %i = %c0 to %c4 step %c1 {
    %vi = tensor.extract %v[%i] : tensor<4xf64>
    memref.store %vi, %p[%i] : memref<4xf64>
    %wi = tensor.extract %w[%i] : tensor<4xf64>
    %w2 = arith.mulf %wi, %wi : f64
    memref.store %w2, %q[%i] : memref<4xf64>
  }
  %pd = memref.cast %p : memref<4xf64> to memref<?xf64, strided<[?], offset: ?>>
  %qd = memref.cast %q : memref<4xf64> to memref<?xf64, strided<[?], offset: ?>>
  func.call @axpy(%x, %pd, %qd) : (f64, memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>) -> ()
  func.call @squash(%q) : (memref<4xf64>) -> ()
  func.call @axpy(%mhalf, %qd, %pd) : (f64, memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>) -> ()
  %ps = memref.subview %p[0] [2] [2] : memref<4xf64> to memref<2xf64, strided<[2]>>
  %psd = memref.cast %ps : memref<2xf64, strided<[2]>> to memref<?xf64, strided<[?], offset: ?>>
  func.call @axpy(%x, %qd, %psd) : (f64, memref<?xf64, strided<[?], offset: ?>>, memref<?xf64, strided<[?], offset: ?>>) -> ()
  %dot = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %pi = memref.load %p[%i] : memref<4xf64>
    %qi = memref.load %q[%i] : memref<4xf64>
    %m = arith.mulf %pi, %qi : f64
    %n = arith.addf %acc, %m : f64
    scf.yield %n : f64
  }
  %p3 = memref.load %p[%c3] : memref<4xf64>
  %r = arith.addf %dot, %p3 : f64
  return %r : f64
}

func.func @df(%v: tensor<4xf64>, %w: tensor<4xf64>, %x: f64) -> (tensor<4xf64>, tensor<4xf64>, f64) {
  %gv, %gw, %gx = gradient.grad @f(%v, %w, %x) {argnums = array<i64: 0, 1, 2>} : (tensor<4xf64>, tensor<4xf64>, f64) -> (tensor<4xf64>, tensor<4xf64>, f64)
  return %gv, %gw, %gx : tensor<4xf64>, tensor<4xf64>, f64
}
