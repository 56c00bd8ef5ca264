// Functions declared without a body are refused: nothing outside the
// program can define them.
// RUN: cot-opt %s --reject-external-functions -verify-diagnostics

// expected-error @+1 {{@helper is declared without a body: a program cannot call functions outside it (declare a host function with callback.declare)}}
func.func private @helper(f64) -> f64

func.func @main(%x: f64) -> f64 {
  %y = call @helper(%x) : (f64) -> f64
  return %y : f64
}
