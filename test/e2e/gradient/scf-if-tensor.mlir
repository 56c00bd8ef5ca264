// A branch that yields a tensor: computed in one branch (a new buffer),
// passed through in the other (the argument's buffer). Reverse and forward
// mode against central finite differences of @f.
// Tolerance: defaults (rtol 1e-6, atol 1e-8): f is smooth within each
// branch, |f| < 3, FD truncation < 1e-11 and rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.3, -1.2, 0.8]" 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.3, -1.2, 0.8]" -0.7
// RUN: %gradcheck %s --primal f --jvp jf -- "[0.3, -1.2, 0.8]" 0.7 -- "[0.5, 1.0, -2.0]"
// RUN: %gradcheck %s --primal f --jvp jf -- "[0.3, -1.2, 0.8]" -0.7 -- "[0.5, 1.0, -2.0]"

func.func @f(%x: tensor<3xf64>, %c: f64) -> f64 {
  %zero = arith.constant 0.0 : f64
  %cond = arith.cmpf ogt, %c, %zero : f64
  %y = scf.if %cond -> tensor<3xf64> {
    %e = tensor.empty() : tensor<3xf64>
    %s = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<3xf64>) outs(%e : tensor<3xf64>) {
    ^bb0(%a: f64, %b: f64):
      %m = arith.mulf %a, %c : f64
      %t = math.sin %m : f64
      linalg.yield %t : f64
    } -> tensor<3xf64>
    scf.yield %s : tensor<3xf64>
  } else {
    scf.yield %x : tensor<3xf64>
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.extract %y[%c0] : tensor<3xf64>
  %b = tensor.extract %y[%c1] : tensor<3xf64>
  %d = tensor.extract %y[%c2] : tensor<3xf64>
  %ab = arith.mulf %a, %b : f64
  %r = arith.addf %ab, %d : f64
  return %r : f64
}
func.func @df(%x: tensor<3xf64>, %c: f64) -> (tensor<3xf64>, f64) {
  %g:2 = gradient.grad @f(%x, %c) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  return %g#0, %g#1 : tensor<3xf64>, f64
}
func.func @jf(%x: tensor<3xf64>, %c: f64, %t: tensor<3xf64>) -> (f64, f64) {
  %v, %j = gradient.jvp @f(%x, %c) tangents(%t) : (tensor<3xf64>, f64, tensor<3xf64>) -> (f64, f64)
  return %v, %j : f64, f64
}
