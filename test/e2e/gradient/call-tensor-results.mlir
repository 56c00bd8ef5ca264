// Callees taking and returning tensors (bufferized into destination-passing
// style), called twice, and a tensor-valued differentiated function:
//   normalize(v) = v / sqrt(eps + sum v_i^2)      (eps = 0.01)
//   mix(a, b, t) = a cos t + b sin t (elementwise)
//   f(v, w, t)   = normalize(mix(normalize(v), w, t))     (tensor<3xf64>)
// Jacobians: 3x3 w.r.t. v and w, 3 w.r.t. t.
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| <= 1, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[0.5, -1.2, 0.8]" "[0.3, 0.9, -0.4]" 0.6
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[-0.1, 0.7, 1.5]" "[1.0, -0.2, 0.25]" 2.3

#map = affine_map<(d0) -> (d0)>

func.func private @normalize(%v: tensor<3xf64>) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %eps = arith.constant 0.01 : f64
  %ss = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %eps) -> (f64) {
    %e = tensor.extract %v[%i] : tensor<3xf64>
    %e2 = arith.mulf %e, %e : f64
    %n = arith.addf %acc, %e2 : f64
    scf.yield %n : f64
  }
  %norm = math.sqrt %ss : f64
  %init = tensor.empty() : tensor<3xf64>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%v : tensor<3xf64>) outs(%init : tensor<3xf64>) {
  ^bb0(%a: f64, %o: f64):
    %q = arith.divf %a, %norm : f64
    linalg.yield %q : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func private @mix(%a: tensor<3xf64>, %b: tensor<3xf64>, %t: f64) -> tensor<3xf64> {
  %c = math.cos %t : f64
  %s = math.sin %t : f64
  %init = tensor.empty() : tensor<3xf64>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<3xf64>, tensor<3xf64>) outs(%init : tensor<3xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %xc = arith.mulf %x, %c : f64
    %ys = arith.mulf %y, %s : f64
    %m = arith.addf %xc, %ys : f64
    linalg.yield %m : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func @f(%v: tensor<3xf64>, %w: tensor<3xf64>, %t: f64) -> tensor<3xf64> {
  %n = func.call @normalize(%v) : (tensor<3xf64>) -> tensor<3xf64>
  %m = func.call @mix(%n, %w, %t) : (tensor<3xf64>, tensor<3xf64>, f64) -> tensor<3xf64>
  %r = func.call @normalize(%m) : (tensor<3xf64>) -> tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func @df(%v: tensor<3xf64>, %w: tensor<3xf64>, %t: f64) -> (tensor<3x3xf64>, tensor<3x3xf64>, tensor<3xf64>) {
  %jv, %jw, %jt = gradient.grad @f(%v, %w, %t) {argnums = array<i64: 0, 1, 2>} : (tensor<3xf64>, tensor<3xf64>, f64) -> (tensor<3x3xf64>, tensor<3x3xf64>, tensor<3xf64>)
  return %jv, %jw, %jt : tensor<3x3xf64>, tensor<3x3xf64>, tensor<3xf64>
}
