// Bell state: probabilities of |00>, |01>, |10>, |11> are 1/2, 0, 0, 1/2, and
// the state is (|00> + |11>)/sqrt(2).
// RUN: cot run %s | %expect "[0.5, 0, 0, 0.5]" "[[1/math.sqrt(2), 0], [0, 0], [0, 0], [1/math.sqrt(2), 0]]"

func.func @main() -> (tensor<4xf64>, tensor<4xcomplex<f64>>) {
  %r = quantum.alloc(2) : !quantum.reg
  %q0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %h = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %b:2 = quantum.custom "CNOT"() %h, %q1 : !quantum.bit, !quantum.bit
  %p = quantum.probs %b#0, %b#1 : tensor<4xf64>
  %s = quantum.state %b#0, %b#1 : tensor<4xcomplex<f64>>
  quantum.dealloc %r : !quantum.reg
  return %p, %s : tensor<4xf64>, tensor<4xcomplex<f64>>
}
