// <Z> after RX(t) on |0> is cos t; its variance is sin^2 t.
// RUN: cot run %s -- 0.0 | %expect "1.0" "0.0"
// RUN: cot run %s -- 0.7 | %expect "math.cos(0.7)" "math.sin(0.7)**2"
// RUN: cot run %s -- -2.5 | %expect "math.cos(-2.5)" "math.sin(-2.5)**2"
// RUN: cot run %s -- 3.141592653589793 | %expect "-1.0" "0.0"

func.func @main(%t: f64) -> (f64, f64) {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %v = quantum.var %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e, %v : f64, f64
}
