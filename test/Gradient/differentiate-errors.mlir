// An op without a derivative rule is an error at the op, with a note at the
// derivative request that reached it.
// RUN: cot-opt %s --differentiate -verify-diagnostics

func.func @nondiff(%x: f64) -> f64 {
  // expected-error @+1 {{cannot differentiate 'math.acosh': it has no derivative rule}}
  %y = math.acosh %x : f64
  return %y : f64
}
func.func @dnondiff(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  // expected-note @+1 {{while differentiating for the derivative requested here}}
  %r:2 = gradient.reverse_call @nondiff(%x) shadows() seeds(%one) {shadowed = array<i64>, active_scalars = array<i64: 0>} : (f64, f64) -> (f64, f64)
  return %r#1 : f64
}
