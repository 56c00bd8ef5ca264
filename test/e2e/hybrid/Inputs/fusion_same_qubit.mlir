// RX and RY on the qubits at the dynamic indices %i and %j, then a CNOT
// between them: one block when fused.
func.func @main(%t: f64, %i: i64, %j: i64) -> f64 {
  %r = quantum.alloc(2) : !quantum.reg
  %a = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[%j] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RX"(%t) %a : !quantum.bit
  %b1 = quantum.custom "RY"(%t) %b : !quantum.bit
  %a2, %b2 = quantum.custom "CNOT"() %a1, %b1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %b2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
