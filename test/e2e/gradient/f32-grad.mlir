// Gradients of a function with f32 arguments and result, including a part
// computed in f64 (arith.extf, then arith.truncf back):
//   f(x, v) = sin(x) v_0 + exp(x v_1) / 4 + truncf(sqrt(extf(x)^2 + extf(v_1)^2 + 1))
// Tolerance: f32 arithmetic has unit roundoff 6e-8, so the step must be
// large: the perturbed points are rounded to f32 (--f32) and the step is
// s = 4e-3 max(1, |x|), near the optimum (3 eps)^(1/3) for central FD. FD
// rounding ~ (a few ulps of |f| < 2, ~2e-7 |f|) / s ~ 1e-4 at worst (1e-5
// observed), truncation s^2 |f'''| / 6 ~ 3e-6 |f'''| < 1e-5; the f32 AD
// result is itself good to ~1e-6 relative: rtol 2e-4, atol 2e-4.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --f32 --h 4e-3 --rtol 2e-4 --atol 2e-4 -- 0.7 "[0.4, -1.2]"
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --f32 --h 4e-3 --rtol 2e-4 --atol 2e-4 -- -1.3 "[1.5, 0.6]"
// The analytic value at (0.7, [0.4, -1.2]), to f32 accuracy (1e-5):
//   df/dx = cos(x) v_0 + v_1 exp(x v_1) / 4 + x / sqrt(x^2 + v_1^2 + 1)
// RUN: cot run %s --entry df -- 0.7 "[0.4, -1.2]" | %expect --tol 1e-5 \
// RUN:   "math.cos(0.7)*0.4 - 1.2*math.exp(-0.84)/4 + 0.7/math.sqrt(0.49 + 1.44 + 1)" \
// RUN:   "[math.sin(0.7), 0.7*math.exp(-0.84)/4 - 1.2/math.sqrt(0.49 + 1.44 + 1)]"

func.func @f(%x: f32, %v: tensor<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %quarter = arith.constant 0.25 : f32
  %one = arith.constant 1.0 : f64
  %v0 = tensor.extract %v[%c0] : tensor<2xf32>
  %v1 = tensor.extract %v[%c1] : tensor<2xf32>
  %s = math.sin %x : f32
  %a = arith.mulf %s, %v0 : f32
  %xv = arith.mulf %x, %v1 : f32
  %e = math.exp %xv : f32
  %b = arith.mulf %e, %quarter : f32
  %xd = arith.extf %x : f32 to f64
  %vd = arith.extf %v1 : f32 to f64
  %x2 = arith.mulf %xd, %xd : f64
  %v2 = arith.mulf %vd, %vd : f64
  %q0 = arith.addf %x2, %v2 : f64
  %q = arith.addf %q0, %one : f64
  %sq = math.sqrt %q : f64
  %c = arith.truncf %sq : f64 to f32
  %ab = arith.addf %a, %b : f32
  %r = arith.addf %ab, %c : f32
  return %r : f32
}

func.func @df(%x: f32, %v: tensor<2xf32>) -> (f32, tensor<2xf32>) {
  %gx, %gv = gradient.grad @f(%x, %v) {argnums = array<i64: 0, 1>} : (f32, tensor<2xf32>) -> (f32, tensor<2xf32>)
  return %gx, %gv : f32, tensor<2xf32>
}
