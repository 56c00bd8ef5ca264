// A 3-qubit entangling circuit and the expectation of a Hamiltonian with
// Pauli-word terms, checked against the independent reference simulator.
// RUN: cot run %s -- "[0.3, -1.1, 2.4]" "[0.5, -1.25, 0.75]" | %expect \
// RUN:   "ref.expval(ref.run(3, [('RY', [0.3], [0]), ('RX', [-1.1], [1]), ('Hadamard', [], [2]), ('CNOT', [], [0, 1]), ('CRZ', [2.4], [1, 2]), ('RY', [2.4], [2])]), 3, [(0.5, 'ZZI'), (-1.25, 'XIY'), (0.75, 'IXZ')])"

func.func @main(%angles: tensor<3xf64>, %coeffs: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.extract %angles[%c0] : tensor<3xf64>
  %b = tensor.extract %angles[%c1] : tensor<3xf64>
  %c = tensor.extract %angles[%c2] : tensor<3xf64>
  %r = quantum.alloc(3) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  %a0 = quantum.custom "RY"(%a) %q0 : !quantum.bit
  %a1 = quantum.custom "RX"(%b) %q1 : !quantum.bit
  %a2 = quantum.custom "Hadamard"() %q2 : !quantum.bit
  %b01:2 = quantum.custom "CNOT"() %a0, %a1 : !quantum.bit, !quantum.bit
  %b12:2 = quantum.custom "CRZ"(%c) %b01#1, %a2 : !quantum.bit, !quantum.bit
  %c2q = quantum.custom "RY"(%c) %b12#1 : !quantum.bit
  // Terms: Z0 Z1, X0 Y2, X1 Z2.
  %z0 = quantum.namedobs %b01#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %b12#0[PauliZ] : !quantum.obs
  %t0 = quantum.tensor %z0, %z1 : !quantum.obs
  %x0 = quantum.namedobs %b01#0[PauliX] : !quantum.obs
  %y2 = quantum.namedobs %c2q[PauliY] : !quantum.obs
  %t1 = quantum.tensor %x0, %y2 : !quantum.obs
  %x1 = quantum.namedobs %b12#0[PauliX] : !quantum.obs
  %z2 = quantum.namedobs %c2q[PauliZ] : !quantum.obs
  %t2 = quantum.tensor %x1, %z2 : !quantum.obs
  %h = quantum.hamiltonian(%coeffs : tensor<3xf64>) %t0, %t1, %t2 : !quantum.obs
  %e = quantum.expval %h : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
