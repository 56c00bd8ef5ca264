// method = "fd": the program's own finite differences, with its step h,
// compared with this test's independent central differences, for scalar
// and tensor arguments and a vector result.
//   f(x, v) = [x^2 sin(v_0), exp(x v_1) + v_0 v_1]
// Tolerance: rtol 1e-5, atol 1e-5: the program's FD with h = 1e-6 may be
// one-sided, with truncation h |f''| / 2 < 1e-6 (every second derivative is
// below 2 in magnitude at these points) and rounding ~1e-16 |f| / h ~ 1e-9;
// the reference's own error is < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --rtol 1e-5 --atol 1e-5 -- 0.7 "[0.4, -1.2]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --rtol 1e-5 --atol 1e-5 -- -1.3 "[1.5, 0.6]"
// The default argnums (0) with method "fd" and a larger step h = 1e-4:
// truncation h |d2f/dx2| / 2 < 5e-5 (|d2f/dx2| < 1 here): rtol, atol 5e-4.
// RUN: %gradcheck %s --primal f --grad dfx --rtol 5e-4 --atol 5e-4 -- 0.7 "[0.4, -1.2]"

func.func @f(%x: f64, %v: tensor<2xf64>) -> tensor<2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %x2 = arith.mulf %x, %x : f64
  %s = math.sin %v0 : f64
  %a = arith.mulf %x2, %s : f64
  %xv = arith.mulf %x, %v1 : f64
  %e = math.exp %xv : f64
  %p = arith.mulf %v0, %v1 : f64
  %b = arith.addf %e, %p : f64
  %r = tensor.from_elements %a, %b : tensor<2xf64>
  return %r : tensor<2xf64>
}

func.func @df(%x: f64, %v: tensor<2xf64>) -> (tensor<2xf64>, tensor<2x2xf64>) {
  %jx, %jv = gradient.grad @f(%x, %v) {argnums = array<i64: 0, 1>, method = "fd", h = 1.0e-6} : (f64, tensor<2xf64>) -> (tensor<2xf64>, tensor<2x2xf64>)
  return %jx, %jv : tensor<2xf64>, tensor<2x2xf64>
}

func.func @dfx(%x: f64, %v: tensor<2xf64>) -> tensor<2xf64> {
  %jx = gradient.grad @f(%x, %v) {method = "fd", h = 1.0e-4} : (f64, tensor<2xf64>) -> tensor<2xf64>
  return %jx : tensor<2xf64>
}
