// A register allocated and deallocated in a loop while another stays live
// reuses its wires: 100 iterations of 2 fresh qubits each (2^201 amplitudes
// without reuse) run on 3 wires. Each iteration prepares RY(t) on a fresh
// qubit and entangles it with the second: <X (x) X> = sin t; the live qubit
// keeps <Z> = cos s, with fusion and without.
// RUN: cot run %s -- 0.3 0.8 100 | %expect --tol 1e-11 "math.cos(0.3)" "100 * math.sin(0.8)"
// RUN: cot run %s --no-fuse-gates -- 0.3 0.8 100 | %expect --tol 1e-11 "math.cos(0.3)" "100 * math.sin(0.8)"

func.func @main(%s: f64, %t: f64, %n: i64) -> (f64, f64) {
  %live = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %live[0] : !quantum.reg -> !quantum.bit
  %qs = quantum.custom "RY"(%s) %q : !quantum.bit
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) : i64 {
    %r = quantum.alloc(2) : !quantum.reg
    %a = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
    %b = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
    %a1 = quantum.custom "RY"(%t) %a : !quantum.bit
    %p:2 = quantum.custom "CNOT"() %a1, %b : !quantum.bit, !quantum.bit
    %xa = quantum.namedobs %p#0[PauliX] : !quantum.obs
    %xb = quantum.namedobs %p#1[PauliX] : !quantum.obs
    %xx = quantum.tensor %xa, %xb : !quantum.obs
    %e = quantum.expval %xx : f64
    %r1 = quantum.insert %r[0], %p#0 : !quantum.reg, !quantum.bit
    %r2 = quantum.insert %r1[1], %p#1 : !quantum.reg, !quantum.bit
    quantum.dealloc %r2 : !quantum.reg
    %next = arith.addf %acc, %e : f64
    scf.yield %next : f64
  }
  %z = quantum.namedobs %qs[PauliZ] : !quantum.obs
  %ez = quantum.expval %z : f64
  %l1 = quantum.insert %live[0], %qs : !quantum.reg, !quantum.bit
  quantum.dealloc %l1 : !quantum.reg
  return %ez, %sum : f64, f64
}
