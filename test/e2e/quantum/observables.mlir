// Observables beyond a single Pauli: the Hadamard observable (X+Z)/sqrt2, a
// tensor product and its variance (1 - <P>^2 for a Pauli word P), and a gate
// given as a unitary matrix (here RY(a) written out), all checked against the
// reference simulator.
// RUN: cot run %s -- 0.9 -0.4 | %expect \
// RUN:   "(ref.expval(ref.run(2, [('RY', [0.9], [0]), ('CNOT', [], [0, 1]), ('RY', [-0.4], [1])]), 2, [(1, 'XI'), (1, 'ZI')]))/math.sqrt(2)" \
// RUN:   "1 - ref.expval(ref.run(2, [('RY', [0.9], [0]), ('CNOT', [], [0, 1]), ('RY', [-0.4], [1])]), 2, [(1, 'ZX')])**2" \
// RUN:   "ref.expval(ref.run(2, [('RY', [0.9], [0]), ('CNOT', [], [0, 1]), ('RY', [-0.4], [1])]), 2, [(1, 'ZX')])"

func.func @main(%a: f64, %b: f64) -> (f64, f64, f64) {
  %half_b = arith.constant 0.5 : f64
  %hb = arith.mulf %b, %half_b : f64
  %c = math.cos %hb : f64
  %s = math.sin %hb : f64
  %ns = arith.negf %s : f64
  %zero = arith.constant 0.0 : f64
  %c00 = complex.create %c, %zero : complex<f64>
  %c01 = complex.create %ns, %zero : complex<f64>
  %c10 = complex.create %s, %zero : complex<f64>
  %ry = tensor.from_elements %c00, %c01, %c10, %c00 : tensor<2x2xcomplex<f64>>

  %r = quantum.alloc(2) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %a0 = quantum.custom "RY"(%a) %q0 : !quantum.bit
  %cn:2 = quantum.custom "CNOT"() %a0, %q1 : !quantum.bit, !quantum.bit
  %u = quantum.unitary(%ry : tensor<2x2xcomplex<f64>>) %cn#1 : !quantum.bit
  %h = quantum.namedobs %cn#0[Hadamard] : !quantum.obs
  %eh = quantum.expval %h : f64
  %z0 = quantum.namedobs %cn#0[PauliZ] : !quantum.obs
  %x1 = quantum.namedobs %u[PauliX] : !quantum.obs
  %zx = quantum.tensor %z0, %x1 : !quantum.obs
  %v = quantum.var %zx : f64
  %e = quantum.expval %zx : f64
  quantum.dealloc %r : !quantum.reg
  return %eh, %v, %e : f64, f64, f64
}
