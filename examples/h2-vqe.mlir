// The flagship example: a variational quantum eigensolver for the hydrogen
// molecule in a minimal basis (STO-3G, bond length 0.7414 Angstrom), on the
// embedded state-vector simulator.
//
// Four qubits hold the four spin orbitals; the 15-term qubit Hamiltonian
// below (Jordan-Wigner, first qubit most significant) is H2's. The ansatz
// starts from the Hartree-Fock state |1100> and applies a DoubleExcitation
// (both electrons from orbitals 0, 1 to 2, 3) and two SingleExcitations;
// their three angles are the variational parameters. The whole
// gradient-descent loop runs in compiled code: an scf.for over the steps
// around gradient.value_and_grad, whose gradient comes from the adjoint
// method through the circuit's parameters.
//
//   cot run examples/h2-vqe.mlir -- 0.4
//
// The argument is the learning rate. Printed: the final energy (Hartree),
// the final angles, and the energy before each of the 60 steps.

func.func @energy(%theta: tensor<3xf64>) -> f64 attributes {diff_method = "adjoint"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t0 = tensor.extract %theta[%c0] : tensor<3xf64>
  %t1 = tensor.extract %theta[%c1] : tensor<3xf64>
  %t2 = tensor.extract %theta[%c2] : tensor<3xf64>
  %r = quantum.alloc(4) : !quantum.reg
  %a0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %a1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %a2 = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  %a3 = quantum.extract %r[3] : !quantum.reg -> !quantum.bit
  // Hartree-Fock: the two electrons in the two lowest spin orbitals.
  %b0 = quantum.custom "PauliX"() %a0 : !quantum.bit
  %b1 = quantum.custom "PauliX"() %a1 : !quantum.bit
  %d:4 = quantum.custom "DoubleExcitation"(%t0) %b0, %b1, %a2, %a3 : !quantum.bit, !quantum.bit, !quantum.bit, !quantum.bit
  %s:2 = quantum.custom "SingleExcitation"(%t1) %d#0, %d#2 : !quantum.bit, !quantum.bit
  %u:2 = quantum.custom "SingleExcitation"(%t2) %d#1, %d#3 : !quantum.bit, !quantum.bit
  %id = quantum.namedobs %s#0[Identity] : !quantum.obs
  %z0 = quantum.namedobs %s#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %u#0[PauliZ] : !quantum.obs
  %z2 = quantum.namedobs %s#1[PauliZ] : !quantum.obs
  %z3 = quantum.namedobs %u#1[PauliZ] : !quantum.obs
  %x0 = quantum.namedobs %s#0[PauliX] : !quantum.obs
  %x1 = quantum.namedobs %u#0[PauliX] : !quantum.obs
  %x2 = quantum.namedobs %s#1[PauliX] : !quantum.obs
  %x3 = quantum.namedobs %u#1[PauliX] : !quantum.obs
  %y0 = quantum.namedobs %s#0[PauliY] : !quantum.obs
  %y1 = quantum.namedobs %u#0[PauliY] : !quantum.obs
  %y2 = quantum.namedobs %s#1[PauliY] : !quantum.obs
  %y3 = quantum.namedobs %u#1[PauliY] : !quantum.obs
  %z0z1 = quantum.tensor %z0, %z1 : !quantum.obs
  %z0z2 = quantum.tensor %z0, %z2 : !quantum.obs
  %z1z3 = quantum.tensor %z1, %z3 : !quantum.obs
  %z0z3 = quantum.tensor %z0, %z3 : !quantum.obs
  %z1z2 = quantum.tensor %z1, %z2 : !quantum.obs
  %z2z3 = quantum.tensor %z2, %z3 : !quantum.obs
  %yxxy = quantum.tensor %y0, %x1, %x2, %y3 : !quantum.obs
  %xyyx = quantum.tensor %x0, %y1, %y2, %x3 : !quantum.obs
  %yyxx = quantum.tensor %y0, %y1, %x2, %x3 : !quantum.obs
  %xxyy = quantum.tensor %x0, %x1, %y2, %y3 : !quantum.obs
  %coeffs = arith.constant dense<[-0.04207897647782276, 0.17771287465139946, 0.17771287465139946, -0.24274280513140462, -0.24274280513140462, 0.17059738328801052, 0.12293305056183798, 0.12293305056183798, 0.16768319457718960, 0.16768319457718960, 0.17627640804319591, 0.04475014401535161, 0.04475014401535161, -0.04475014401535161, -0.04475014401535161]> : tensor<15xf64>
  %h = quantum.hamiltonian(%coeffs : tensor<15xf64>) %id, %z0, %z1, %z2, %z3, %z0z1, %z0z2, %z1z3, %z0z3, %z1z2, %z2z3, %yxxy, %xyyx, %yyxx, %xxyy : !quantum.obs
  %e = quantum.expval %h : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @main(%rate: f64) -> (f64, tensor<3xf64>, tensor<60xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant 60 : index
  %start = arith.constant dense<0.0> : tensor<3xf64>
  %history0 = tensor.empty() : tensor<60xf64>
  %theta, %history = scf.for %k = %c0 to %steps step %c1
      iter_args(%t = %start, %h = %history0) -> (tensor<3xf64>, tensor<60xf64>) {
    %e, %g = gradient.value_and_grad @energy(%t) : (tensor<3xf64>) -> (f64, tensor<3xf64>)
    %rates = tensor.splat %rate : tensor<3xf64>
    %step = arith.mulf %rates, %g : tensor<3xf64>
    %next = arith.subf %t, %step : tensor<3xf64>
    %h1 = tensor.insert %e into %h[%k] : tensor<60xf64>
    scf.yield %next, %h1 : tensor<3xf64>, tensor<60xf64>
  }
  %final = func.call @energy(%theta) : (tensor<3xf64>) -> f64
  return %final, %theta, %history : f64, tensor<3xf64>, tensor<60xf64>
}
