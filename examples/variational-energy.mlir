// The flagship example: the energy of a variational circuit for a 3-spin
// transverse-field Ising model, H = -(Z0 Z1 + Z1 Z2) - 0.5 (X0 + X1 + X2).
//
// The ansatz is built by classical code: two layers, each an RY rotation per
// qubit (angle = theta_i * layer) followed by a CNOT chain. The program returns
// the energy <H> and the probabilities of the 8 basis states.
//
//   cot run examples/variational-energy.mlir -- "[0.4, -0.7, 1.1]"

func.func @main(%theta: tensor<3xf64>) -> (f64, tensor<8xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %layers = arith.constant 2 : index
  %r = quantum.alloc(3) : !quantum.reg

  %ansatz = scf.for %layer = %c0 to %layers step %c1 iter_args(%reg = %r) -> (!quantum.reg) {
    %l1 = arith.addi %layer, %c1 : index
    %l64 = arith.index_cast %l1 : index to i64
    %scale = arith.sitofp %l64 : i64 to f64
    // One RY per qubit, its angle scaled by the layer number.
    %rotated = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %reg) -> (!quantum.reg) {
      %t = tensor.extract %theta[%i] : tensor<3xf64>
      %angle = arith.mulf %t, %scale : f64
      %wire = arith.index_cast %i : index to i64
      %q = quantum.extract %acc[%wire] : !quantum.reg -> !quantum.bit
      %q1 = quantum.custom "RY"(%angle) %q : !quantum.bit
      %next = quantum.insert %acc[%wire], %q1 : !quantum.reg, !quantum.bit
      scf.yield %next : !quantum.reg
    }
    // Entangle neighbours.
    %a = quantum.extract %rotated[0] : !quantum.reg -> !quantum.bit
    %b = quantum.extract %rotated[1] : !quantum.reg -> !quantum.bit
    %c = quantum.extract %rotated[2] : !quantum.reg -> !quantum.bit
    %ab:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
    %bc:2 = quantum.custom "CNOT"() %ab#1, %c : !quantum.bit, !quantum.bit
    %r0 = quantum.insert %rotated[0], %ab#0 : !quantum.reg, !quantum.bit
    %r1 = quantum.insert %r0[1], %bc#0 : !quantum.reg, !quantum.bit
    %r2 = quantum.insert %r1[2], %bc#1 : !quantum.reg, !quantum.bit
    scf.yield %r2 : !quantum.reg
  }

  %q0 = quantum.extract %ansatz[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %ansatz[1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %ansatz[2] : !quantum.reg -> !quantum.bit
  %z0 = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %z2 = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %x0 = quantum.namedobs %q0[PauliX] : !quantum.obs
  %x1 = quantum.namedobs %q1[PauliX] : !quantum.obs
  %x2 = quantum.namedobs %q2[PauliX] : !quantum.obs
  %z0z1 = quantum.tensor %z0, %z1 : !quantum.obs
  %z1z2 = quantum.tensor %z1, %z2 : !quantum.obs
  %coeffs = arith.constant dense<[-1.0, -1.0, -0.5, -0.5, -0.5]> : tensor<5xf64>
  %h = quantum.hamiltonian(%coeffs : tensor<5xf64>) %z0z1, %z1z2, %x0, %x1, %x2 : !quantum.obs
  %energy = quantum.expval %h : f64
  %p = quantum.probs %q0, %q1, %q2 : tensor<8xf64>
  quantum.dealloc %ansatz : !quantum.reg
  return %energy, %p : f64, tensor<8xf64>
}
