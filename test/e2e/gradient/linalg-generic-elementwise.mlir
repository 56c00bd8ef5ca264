// An elementwise linalg.generic with a broadcast scalar operand and a
// non-scalar result (Jacobians 3x3 and 3):
//   f(v, w, s)_i = sin(v_i) w_i + v_i^2 s + exp(w_i s)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[0.5, -1.2, 0.8]" "[0.3, 0.9, -0.4]" 0.6
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[2.0, 0.1, -0.7]" "[-1.1, 0.5, 1.4]" -0.3
// Analytic: the Jacobians are diagonal.
// RUN: cot run %s --entry df -- "[0.5, -1.2, 0.8]" "[0.3, 0.9, -0.4]" 0.6 | %expect --tol 1e-12 \
// RUN:   "[[math.cos(v)*w + 2*v*0.6 if i == j else 0 for j in range(3)] for i, (v, w) in enumerate(zip([0.5, -1.2, 0.8], [0.3, 0.9, -0.4]))]" \
// RUN:   "[[math.sin(v) + 0.6*math.exp(w*0.6) if i == j else 0 for j in range(3)] for i, (v, w) in enumerate(zip([0.5, -1.2, 0.8], [0.3, 0.9, -0.4]))]" \
// RUN:   "[v*v + w*math.exp(w*0.6) for v, w in zip([0.5, -1.2, 0.8], [0.3, 0.9, -0.4])]"

#map = affine_map<(d0) -> (d0)>

func.func @f(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64) -> tensor<3xf64> {
  %init = tensor.empty() : tensor<3xf64>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%v, %w : tensor<3xf64>, tensor<3xf64>) outs(%init : tensor<3xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %sa = math.sin %a : f64
    %t0 = arith.mulf %sa, %b : f64
    %a2 = arith.mulf %a, %a : f64
    %t1 = arith.mulf %a2, %s : f64
    %bs = arith.mulf %b, %s : f64
    %t2 = math.exp %bs : f64
    %u = arith.addf %t0, %t1 : f64
    %y = arith.addf %u, %t2 : f64
    linalg.yield %y : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func @df(%v: tensor<3xf64>, %w: tensor<3xf64>, %s: f64) -> (tensor<3x3xf64>, tensor<3x3xf64>, tensor<3xf64>) {
  %jv, %jw, %js = gradient.grad @f(%v, %w, %s) {argnums = array<i64: 0, 1, 2>} : (tensor<3xf64>, tensor<3xf64>, f64) -> (tensor<3x3xf64>, tensor<3x3xf64>, tensor<3xf64>)
  return %jv, %jw, %js : tensor<3x3xf64>, tensor<3x3xf64>, tensor<3xf64>
}
