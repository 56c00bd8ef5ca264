// Sensitivities of an ODE solution, by reverse-mode AD through 10000 steps of
// explicit Euler for a damped pendulum
//   theta' = omega, omega' = -k sin(theta) - c omega.
// @f returns theta(T)^2 + omega(T)^2 (T = 10); @df its gradient with respect
// to the initial state and both parameters; @check the same by central
// finite differences, for comparison.
//
//   cot run examples/pendulum-sensitivity.mlir --entry df -- 0.5 0.1 2.0 0.3
func.func @f(%theta0: f64, %omega0: f64, %k: f64, %c: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant 10000 : index
  %dt = arith.constant 1.0e-3 : f64
  %r:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%th = %theta0, %om = %omega0) -> (f64, f64) {
    %s = math.sin %th : f64
    %ks = arith.mulf %k, %s : f64
    %co = arith.mulf %c, %om : f64
    %acc0 = arith.addf %ks, %co : f64
    %acc = arith.negf %acc0 : f64
    %dth = arith.mulf %om, %dt : f64
    %dom = arith.mulf %acc, %dt : f64
    %th1 = arith.addf %th, %dth : f64
    %om1 = arith.addf %om, %dom : f64
    scf.yield %th1, %om1 : f64, f64
  }
  %a = arith.mulf %r#0, %r#0 : f64
  %b = arith.mulf %r#1, %r#1 : f64
  %l = arith.addf %a, %b : f64
  return %l : f64
}
func.func @df(%theta0: f64, %omega0: f64, %k: f64, %c: f64) -> (f64, f64, f64, f64) {
  %g:4 = gradient.grad @f(%theta0, %omega0, %k, %c) {argnums = array<i64: 0, 1, 2, 3>} : (f64, f64, f64, f64) -> (f64, f64, f64, f64)
  return %g#0, %g#1, %g#2, %g#3 : f64, f64, f64, f64
}

func.func @check(%theta0: f64, %omega0: f64, %k: f64, %c: f64) -> (f64, f64, f64, f64) {
  %g:4 = gradient.grad @f(%theta0, %omega0, %k, %c) {argnums = array<i64: 0, 1, 2, 3>, method = "fd", h = 1.0e-6} : (f64, f64, f64, f64) -> (f64, f64, f64, f64)
  return %g#0, %g#1, %g#2, %g#3 : f64, f64, f64, f64
}
