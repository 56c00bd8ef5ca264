// gradient.custom_grad on a function called inside a loop: every iteration
// has its own residual (the forward's result), so the reverse sweep must
// keep one tape per dynamic call. The custom function is a square root by
// Newton's iteration (scf.while); its custom reverse is ct / (2 r):
//   z_0 = y;  z_{k+1} = y sqrt_n(z_k + x) + x z_k / 4     (k < n)
//   f(x, y, n) = z_n + sqrt_n(x^2 + 1)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): the Newton trip count is
// locally constant and its result is sqrt to within an ulp or two, so FD of
// @f sees a smooth function: truncation s^2 |f'''| / 6 < 1e-11, rounding
// (a few ulps of |f| < 10) / s < 1e-8.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3 4
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.9 0.2 7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.3 2.5 1

func.func private @sqrt_n(%a: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %tol = arith.constant 1.0e-14 : f64
  %eps = arith.mulf %a, %tol : f64
  %y0 = arith.addf %a, %one : f64
  %y = scf.while (%yw = %y0) : (f64) -> f64 {
    %y2 = arith.mulf %yw, %yw : f64
    %res = arith.subf %y2, %a : f64
    %abs = math.absf %res : f64
    %go = arith.cmpf ogt, %abs, %eps : f64
    scf.condition(%go) %yw : f64
  } do {
  ^bb0(%yb: f64):
    %q = arith.divf %a, %yb : f64
    %s = arith.addf %yb, %q : f64
    %yn = arith.mulf %s, %half : f64
    scf.yield %yn : f64
  }
  return %y : f64
}

func.func private @sqrt_n_fwd(%a: f64) -> (f64, f64) {
  %r = func.call @sqrt_n(%a) : (f64) -> f64
  return %r, %r : f64, f64
}

func.func private @sqrt_n_rev(%r: f64, %ct: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %d = arith.mulf %two, %r : f64
  %g = arith.divf %ct, %d : f64
  return %g : f64
}

gradient.custom_grad @sqrt_n fwd(@sqrt_n_fwd) rev(@sqrt_n_rev)

func.func @f(%x: f64, %y: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %one = arith.constant 1.0 : f64
  %quarter = arith.constant 0.25 : f64
  %z = scf.for %k = %c0 to %n step %c1 iter_args(%zk = %y) -> (f64) : i64 {
    %a = arith.addf %zk, %x : f64
    %s = func.call @sqrt_n(%a) : (f64) -> f64
    %ys = arith.mulf %y, %s : f64
    %xz = arith.mulf %x, %zk : f64
    %xzq = arith.mulf %xz, %quarter : f64
    %zn = arith.addf %ys, %xzq : f64
    scf.yield %zn : f64
  }
  %x2 = arith.mulf %x, %x : f64
  %x21 = arith.addf %x2, %one : f64
  %t = func.call @sqrt_n(%x21) : (f64) -> f64
  %r = arith.addf %z, %t : f64
  return %r : f64
}

func.func @df(%x: f64, %y: f64, %n: i64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y, %n) {argnums = array<i64: 0, 1>} : (f64, f64, i64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
