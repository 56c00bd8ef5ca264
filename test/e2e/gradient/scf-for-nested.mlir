// Nested scf.for loops over index, the inner trip count depending on the
// outer induction variable (a triangle), with a value carried through both:
//   acc = 0
//   for i in 0..3: for j in 0..i:  acc = acc * x / 2 + v_i v_j sin(acc + v_j)
//   f(v, x) = acc
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 5, FD truncation
// s^2 |f'''| / 6 < 1e-11, rounding ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.5, -1.2, 0.8]" 1.3
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[1.1, 0.4, -0.6]" -0.7

func.func @f(%v: tensor<3xf64>, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %hx = arith.mulf %x, %half : f64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc_i = %zero) -> (f64) {
    %vi = tensor.extract %v[%i] : tensor<3xf64>
    %i1 = arith.addi %i, %c1 : index
    %inner = scf.for %j = %c0 to %i1 step %c1 iter_args(%acc = %acc_i) -> (f64) {
      %vj = tensor.extract %v[%j] : tensor<3xf64>
      %a = arith.mulf %acc, %hx : f64
      %p = arith.mulf %vi, %vj : f64
      %s0 = arith.addf %acc, %vj : f64
      %s = math.sin %s0 : f64
      %b = arith.mulf %p, %s : f64
      %next = arith.addf %a, %b : f64
      scf.yield %next : f64
    }
    scf.yield %inner : f64
  }
  return %r : f64
}

func.func @df(%v: tensor<3xf64>, %x: f64) -> (tensor<3xf64>, f64) {
  %gv, %gx = gradient.grad @f(%v, %x) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  return %gv, %gx : tensor<3xf64>, f64
}
