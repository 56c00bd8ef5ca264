// A while loop that carries a buffer and replaces it by a new one in every
// iteration (memrefs written directly): the reversed loop carries the
// shadow of the buffer each iteration received, backwards.
//   b0 = [x, x];  b_{k+1} = [b_k[0] b_k[1], sin(b_k[0]) + x]  (3 times)
//   h(x) = b3[0] + b3[1]
// RUN: %gradcheck %s --primal h --grad dh --rtol 1e-5 -- 0.7
// RUN: %gradcheck %s --primal h --grad dh --rtol 1e-5 -- -1.3
// RUN: %gradcheck %s --primal h --jvp jh --rtol 1e-5 -- 0.7 -- 0.5
func.func @h(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %m = memref.alloc() : memref<2xf64>
  memref.store %x, %m[%c0] : memref<2xf64>
  memref.store %x, %m[%c1] : memref<2xf64>
  %r:2 = scf.while (%i = %c0, %b = %m) : (index, memref<2xf64>) -> (index, memref<2xf64>) {
    %more = arith.cmpi slt, %i, %c3 : index
    scf.condition(%more) %i, %b : index, memref<2xf64>
  } do {
  ^bb0(%i: index, %b: memref<2xf64>):
    %n = memref.alloc() : memref<2xf64>
    %v0 = memref.load %b[%c0] : memref<2xf64>
    %v1 = memref.load %b[%c1] : memref<2xf64>
    %p = arith.mulf %v0, %v1 : f64
    %s = math.sin %v0 : f64
    %q = arith.addf %s, %x : f64
    memref.store %p, %n[%c0] : memref<2xf64>
    memref.store %q, %n[%c1] : memref<2xf64>
    %next = arith.addi %i, %c1 : index
    scf.yield %next, %n : index, memref<2xf64>
  }
  %a = memref.load %r#1[%c0] : memref<2xf64>
  %z = memref.load %r#1[%c1] : memref<2xf64>
  %sum = arith.addf %a, %z : f64
  return %sum : f64
}
func.func @dh(%x: f64) -> f64 {
  %g = gradient.grad @h(%x) : (f64) -> f64
  return %g : f64
}
func.func @jh(%x: f64, %dx: f64) -> (f64, f64) {
  %r, %t = gradient.jvp @h(%x) tangents(%dx) : (f64, f64) -> (f64, f64)
  return %r, %t : f64, f64
}
