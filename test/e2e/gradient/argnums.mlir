// Several argnums choices for one function with integer and tensor
// arguments in between: all float arguments, a subset skipping the first,
// the last alone, and the default (argument 0). Each derivative entry
// returns exactly the blocks its argnums ask for, in argnums order.
//   f(a, n, b, c) = a^2 sin(b_0) + n b_1 c + exp(a c) / (1 + b_0^2)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 20, FD
// truncation s^2 |f'''| / 6 < 1e-10, rounding < 1e-8.
// RUN: %gradcheck %s --primal f --grad d_all --argnums 0,2,3 -- 0.7 3 "[0.4, -1.2]" 1.1
// RUN: %gradcheck %s --primal f --grad d_all --argnums 0,2,3 -- -1.3 -2 "[1.5, 0.6]" 0.35
// RUN: %gradcheck %s --primal f --grad d_bc --argnums 2,3 -- 0.7 3 "[0.4, -1.2]" 1.1
// RUN: %gradcheck %s --primal f --grad d_c --argnums 3 -- -1.3 -2 "[1.5, 0.6]" 0.35
// RUN: %gradcheck %s --primal f --grad d_default -- 0.7 3 "[0.4, -1.2]" 1.1
// At (0.7, 3, [0.4, -1.2], 1.1): df/dc = n b_1 + a exp(a c) / (1 + b_0^2).
// RUN: cot run %s --entry d_c -- 0.7 3 "[0.4, -1.2]" 1.1 | %expect --tol 1e-12 "3*(-1.2) + 0.7*math.exp(0.77)/1.16"

func.func @f(%a: f64, %n: i64, %b: tensor<2xf64>, %c: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %b0 = tensor.extract %b[%c0] : tensor<2xf64>
  %b1 = tensor.extract %b[%c1] : tensor<2xf64>
  %a2 = arith.mulf %a, %a : f64
  %s = math.sin %b0 : f64
  %t0 = arith.mulf %a2, %s : f64
  %nf = arith.sitofp %n : i64 to f64
  %nb = arith.mulf %nf, %b1 : f64
  %t1 = arith.mulf %nb, %c : f64
  %ac = arith.mulf %a, %c : f64
  %e = math.exp %ac : f64
  %b02 = arith.mulf %b0, %b0 : f64
  %d = arith.addf %one, %b02 : f64
  %t2 = arith.divf %e, %d : f64
  %u = arith.addf %t0, %t1 : f64
  %r = arith.addf %u, %t2 : f64
  return %r : f64
}

func.func @d_all(%a: f64, %n: i64, %b: tensor<2xf64>, %c: f64) -> (f64, tensor<2xf64>, f64) {
  %ga, %gb, %gc = gradient.grad @f(%a, %n, %b, %c) {argnums = array<i64: 0, 2, 3>} : (f64, i64, tensor<2xf64>, f64) -> (f64, tensor<2xf64>, f64)
  return %ga, %gb, %gc : f64, tensor<2xf64>, f64
}

func.func @d_bc(%a: f64, %n: i64, %b: tensor<2xf64>, %c: f64) -> (tensor<2xf64>, f64) {
  %gb, %gc = gradient.grad @f(%a, %n, %b, %c) {argnums = array<i64: 2, 3>} : (f64, i64, tensor<2xf64>, f64) -> (tensor<2xf64>, f64)
  return %gb, %gc : tensor<2xf64>, f64
}

func.func @d_c(%a: f64, %n: i64, %b: tensor<2xf64>, %c: f64) -> f64 {
  %gc = gradient.grad @f(%a, %n, %b, %c) {argnums = array<i64: 3>} : (f64, i64, tensor<2xf64>, f64) -> f64
  return %gc : f64
}

func.func @d_default(%a: f64, %n: i64, %b: tensor<2xf64>, %c: f64) -> f64 {
  %ga = gradient.grad @f(%a, %n, %b, %c) : (f64, i64, tensor<2xf64>, f64) -> f64
  return %ga : f64
}
