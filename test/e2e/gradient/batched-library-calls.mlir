// Loops whose carried sums cross math-library calls are unrolled four times
// with their calls first (the batch-calls stage). Every sum must keep its
// order, so results are bit for bit those of the plain loop, written here in
// Python (whose math.exp and math.tanh are the same C library's), and the
// derivatives, taken before the stage, still match finite differences.
//   @lse: log(sum_i exp(x_i - m)) + m, m = max_i x_i, over 11 values (a main
//         loop of 8 and a remainder of 3)
//   @tanh_product: prod_{i<n} tanh(x_i), n an argument (a trip count known
//         only at run time), which also writes each tanh(x_i) to a result;
//         @product is its first result alone, for the gradient
// Tolerance of gradcheck: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10,
// FD truncation s^2 |f'''| / 6 < 1e-10, rounding ~1e-16 |f| / s < 1e-9.
// RUN: cot run %s --entry lse -- "[0.3, -1.2, 2.5, 0.7, -0.4, 1.9, 0.05, -2.2, 1.1, 0.6, -0.9]" | %expect --tol 0 \
// RUN:   "(lambda x: (lambda m: (lambda s: math.log(s) + m)(sum(math.exp(v - m) for v in x)))(max(x)))([0.3, -1.2, 2.5, 0.7, -0.4, 1.9, 0.05, -2.2, 1.1, 0.6, -0.9])"
// RUN: cot run %s --entry tanh_product -- "[0.3, 1.2, 2.5, 0.7, 0.4, 1.9, 0.5]" 6 | %expect --tol 0 \
// RUN:   "(lambda x: math.prod(math.tanh(v) for v in x))([0.3, 1.2, 2.5, 0.7, 0.4, 1.9])" \
// RUN:   "[math.tanh(v) for v in [0.3, 1.2, 2.5, 0.7, 0.4, 1.9]] + [0.0]"
// RUN: %gradcheck %s --primal lse --grad dlse -- "[0.3, -1.2, 2.5, 0.7, -0.4, 1.9, 0.05, -2.2, 1.1, 0.6, -0.9]"
// RUN: %gradcheck %s --primal product --grad dproduct --argnums 0 -- "[0.3, 1.2, 2.5, 0.7, 0.4, 1.9, 0.5]" 7
// RUN: %gradcheck %s --primal product --grad dproduct --argnums 0 -- "[0.3, 1.2, 2.5, 0.7, 0.4, 1.9, 0.5]" 5
// The main loops are batched:
// RUN: cot run %s --entry lse --dump-after=batch-calls -- "[0.3, -1.2, 2.5, 0.7, -0.4, 1.9, 0.05, -2.2, 1.1, 0.6, -0.9]" 2>&1 >/dev/null | FileCheck %s
// CHECK-LABEL: func.func @lse
// CHECK-COUNT-4: math.exp
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: scf.yield
// CHECK-LABEL: func.func @tanh_product
// CHECK-COUNT-4: math.tanh
// CHECK: arith.mulf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: scf.yield

func.func @lse(%x: tensor<11xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 11 : index
  %lowest = arith.constant -1.0e300 : f64
  %zero = arith.constant 0.0 : f64
  %m = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %lowest) -> (f64) {
    %xi = tensor.extract %x[%i] : tensor<11xf64>
    %mx = arith.maximumf %acc, %xi : f64
    scf.yield %mx : f64
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %xi = tensor.extract %x[%i] : tensor<11xf64>
    %d = arith.subf %xi, %m : f64
    %e = math.exp %d : f64
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  %l = math.log %s : f64
  %r = arith.addf %l, %m : f64
  return %r : f64
}
func.func @dlse(%x: tensor<11xf64>) -> tensor<11xf64> {
  %g = gradient.grad @lse(%x) : (tensor<11xf64>) -> tensor<11xf64>
  return %g : tensor<11xf64>
}

func.func @tanh_product(%x: tensor<7xf64>, %count: i64) -> (f64, tensor<7xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %n = arith.index_cast %count : i64 to index
  %init = arith.constant dense<0.0> : tensor<7xf64>
  %p:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one, %t = %init) -> (f64, tensor<7xf64>) {
    %xi = tensor.extract %x[%i] : tensor<7xf64>
    %h = math.tanh %xi : f64
    %t2 = tensor.insert %h into %t[%i] : tensor<7xf64>
    %q = arith.mulf %acc, %h : f64
    scf.yield %q, %t2 : f64, tensor<7xf64>
  }
  return %p#0, %p#1 : f64, tensor<7xf64>
}
func.func @product(%x: tensor<7xf64>, %count: i64) -> f64 {
  %p:2 = func.call @tanh_product(%x, %count) : (tensor<7xf64>, i64) -> (f64, tensor<7xf64>)
  return %p#0 : f64
}
func.func @dproduct(%x: tensor<7xf64>, %count: i64) -> tensor<7xf64> {
  %g = gradient.grad @product(%x, %count) {argnums = array<i64: 0>} : (tensor<7xf64>, i64) -> tensor<7xf64>
  return %g : tensor<7xf64>
}
