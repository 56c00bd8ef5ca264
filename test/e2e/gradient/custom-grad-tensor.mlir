// gradient.custom_grad at tensor level with several residuals (a tensor and
// two scalars) and several inputs (a tensor and a scalar), called at two
// sites with different arguments:
//   snorm(v, s) = s sqrt(sum v_i^2)
//   fwd(v, s) -> (snorm, residuals v, |v|, s)
//   rev(v, |v|, s, ct) -> (ct s v / |v|, ct |v|)
//   f(v, w, x) = snorm(v, x) + snorm(w, 2) snorm(v, x^2)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth away from v = 0,
// |f| < 20, FD truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-8.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[0.5, -1.2, 0.8]" "[0.3, 0.9, -0.4]" 0.6
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1,2 -- "[-0.1, 0.7, 1.5]" "[1.0, -0.2, 0.25]" -1.3

func.func private @snorm(%v: tensor<3xf64>, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %ss = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %e = tensor.extract %v[%i] : tensor<3xf64>
    %e2 = arith.mulf %e, %e : f64
    %n = arith.addf %acc, %e2 : f64
    scf.yield %n : f64
  }
  %nrm = math.sqrt %ss : f64
  %r = arith.mulf %s, %nrm : f64
  return %r : f64
}

func.func private @snorm_fwd(%v: tensor<3xf64>, %s: f64) -> (f64, tensor<3xf64>, f64, f64) {
  %one = arith.constant 1.0 : f64
  %nrm = func.call @snorm(%v, %one) : (tensor<3xf64>, f64) -> f64
  %r = arith.mulf %s, %nrm : f64
  return %r, %v, %nrm, %s : f64, tensor<3xf64>, f64, f64
}

func.func private @snorm_rev(%v: tensor<3xf64>, %nrm: f64, %s: f64, %ct: f64) -> (tensor<3xf64>, f64) {
  %cs = arith.mulf %ct, %s : f64
  %k = arith.divf %cs, %nrm : f64
  %init = tensor.empty() : tensor<3xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %gv = scf.for %i = %c0 to %c3 step %c1 iter_args(%out = %init) -> (tensor<3xf64>) {
    %e = tensor.extract %v[%i] : tensor<3xf64>
    %g = arith.mulf %k, %e : f64
    %o = tensor.insert %g into %out[%i] : tensor<3xf64>
    scf.yield %o : tensor<3xf64>
  }
  %gs = arith.mulf %ct, %nrm : f64
  return %gv, %gs : tensor<3xf64>, f64
}

gradient.custom_grad @snorm fwd(@snorm_fwd) rev(@snorm_rev)

func.func @f(%v: tensor<3xf64>, %w: tensor<3xf64>, %x: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %a = func.call @snorm(%v, %x) : (tensor<3xf64>, f64) -> f64
  %b = func.call @snorm(%w, %two) : (tensor<3xf64>, f64) -> f64
  %x2 = arith.mulf %x, %x : f64
  %c = func.call @snorm(%v, %x2) : (tensor<3xf64>, f64) -> f64
  %bc = arith.mulf %b, %c : f64
  %r = arith.addf %a, %bc : f64
  return %r : f64
}

func.func @df(%v: tensor<3xf64>, %w: tensor<3xf64>, %x: f64) -> (tensor<3xf64>, tensor<3xf64>, f64) {
  %gv, %gw, %gx = gradient.grad @f(%v, %w, %x) {argnums = array<i64: 0, 1, 2>} : (tensor<3xf64>, tensor<3xf64>, f64) -> (tensor<3xf64>, tensor<3xf64>, f64)
  return %gv, %gw, %gx : tensor<3xf64>, tensor<3xf64>, f64
}
