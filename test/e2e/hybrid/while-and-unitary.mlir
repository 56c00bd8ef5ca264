// A circuit built in an scf.while (qubits carried through the loop), after
// a constant quantum.unitary, measured by a tensor product: the gradient by
// both methods against central differences (default tolerances).
// RUN: sed 's/DM/adjoint/' %s > %t.adjoint.mlir
// RUN: %gradcheck %t.adjoint.mlir --primal f --grad df -- 0.9
// RUN: %gradcheck %t.adjoint.mlir --primal f --grad df -- -1.7
// RUN: sed 's/DM/parameter-shift/' %s > %t.shift.mlir
// RUN: %gradcheck %t.shift.mlir --primal f --grad df -- 0.9
// RUN: %gradcheck %t.shift.mlir --primal f --grad df -- -1.7

func.func @circuit(%theta: f64, %n: i64) -> f64 attributes {diff_method = "DM"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %re = arith.constant 0.6 : f64
  %im = arith.constant 0.8 : f64
  %z = arith.constant 0.0 : f64
  %a = complex.create %re, %z : complex<f64>
  %b = complex.create %z, %im : complex<f64>
  %m = tensor.from_elements %a, %b, %b, %a : tensor<2x2xcomplex<f64>>
  %u = quantum.unitary(%m : tensor<2x2xcomplex<f64>>) %q1 : !quantum.bit
  %res:3 = scf.while (%i = %c0, %x = %q0, %y = %u) : (i64, !quantum.bit, !quantum.bit) -> (i64, !quantum.bit, !quantum.bit) {
    %go = arith.cmpi slt, %i, %n : i64
    scf.condition(%go) %i, %x, %y : i64, !quantum.bit, !quantum.bit
  } do {
  ^bb0(%i: i64, %x: !quantum.bit, %y: !quantum.bit):
    %f = arith.sitofp %i : i64 to f64
    %ang = arith.mulf %theta, %f : f64
    %x1 = quantum.custom "RY"(%ang) %x : !quantum.bit
    %p:2 = quantum.custom "CRX"(%theta) %x1, %y : !quantum.bit, !quantum.bit
    %i1 = arith.addi %i, %c1 : i64
    scf.yield %i1, %p#0, %p#1 : i64, !quantum.bit, !quantum.bit
  }
  %o = quantum.namedobs %res#2[PauliY] : !quantum.obs
  %o2 = quantum.namedobs %res#1[PauliZ] : !quantum.obs
  %t = quantum.tensor %o, %o2 : !quantum.obs
  %e = quantum.expval %t : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
func.func @f(%theta: f64) -> f64 {
  %n = arith.constant 3 : i64
  %e = func.call @circuit(%theta, %n) : (f64, i64) -> f64
  return %e : f64
}
func.func @df(%theta: f64) -> f64 {
  %g = gradient.grad @f(%theta) : (f64) -> f64
  return %g : f64
}
