// gradient.custom_grad on a function with two results (polar coordinates):
// the reverse takes one cotangent per result and returns one per input.
//   polar(a, b) = (r, t) = (sqrt(a^2 + b^2), atan2(b, a))
//   fwd(a, b) -> (r, t, residuals a, b, r)
//   rev(a, b, r, ct_r, ct_t) -> (ct_r a / r - ct_t b / r^2,  ct_r b / r + ct_t a / r^2)
//   f(x, y) = r cos(t) + r^2 sin(2 t) + t,  (r, t) = polar(x y, x - y)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth away from the origin
// and the branch cut, FD truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.7 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -1.2 0.5
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.6 -0.8

func.func private @polar(%a: f64, %b: f64) -> (f64, f64) {
  %a2 = arith.mulf %a, %a : f64
  %b2 = arith.mulf %b, %b : f64
  %s = arith.addf %a2, %b2 : f64
  %r = math.sqrt %s : f64
  %t = math.atan2 %b, %a : f64
  return %r, %t : f64, f64
}

func.func private @polar_fwd(%a: f64, %b: f64) -> (f64, f64, f64, f64, f64) {
  %r, %t = func.call @polar(%a, %b) : (f64, f64) -> (f64, f64)
  return %r, %t, %a, %b, %r : f64, f64, f64, f64, f64
}

func.func private @polar_rev(%a: f64, %b: f64, %r: f64, %ctr: f64, %ctt: f64) -> (f64, f64) {
  %r2 = arith.mulf %r, %r : f64
  %ar = arith.divf %a, %r : f64
  %br = arith.divf %b, %r : f64
  %ar2 = arith.divf %a, %r2 : f64
  %br2 = arith.divf %b, %r2 : f64
  %p0 = arith.mulf %ctr, %ar : f64
  %p1 = arith.mulf %ctt, %br2 : f64
  %ga = arith.subf %p0, %p1 : f64
  %q0 = arith.mulf %ctr, %br : f64
  %q1 = arith.mulf %ctt, %ar2 : f64
  %gb = arith.addf %q0, %q1 : f64
  return %ga, %gb : f64, f64
}

gradient.custom_grad @polar fwd(@polar_fwd) rev(@polar_rev)

func.func @f(%x: f64, %y: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %xy = arith.mulf %x, %y : f64
  %d = arith.subf %x, %y : f64
  %r, %t = func.call @polar(%xy, %d) : (f64, f64) -> (f64, f64)
  %c = math.cos %t : f64
  %rc = arith.mulf %r, %c : f64
  %r2 = arith.mulf %r, %r : f64
  %t2 = arith.mulf %two, %t : f64
  %s = math.sin %t2 : f64
  %rs = arith.mulf %r2, %s : f64
  %u = arith.addf %rc, %rs : f64
  %res = arith.addf %u, %t : f64
  return %res : f64
}

func.func @df(%x: f64, %y: f64) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y) {argnums = array<i64: 0, 1>} : (f64, f64) -> (f64, f64)
  return %gx, %gy : f64, f64
}
