// tensor.extract, tensor.insert (overwriting elements, including one that
// was read before), tensor.from_elements, and a loop carrying a tensor
// updated with tensor.insert:
//   t = insert(v_0 x, v, [2]);  t = insert(sin(t_2) + t_1, t, [0])
//   repeat 3 times: t = insert(t_0 t_1 / 2 + x, t, [1])
//   f(v, x) = from_elements(t_0 + t_2, t_1 t_2, x)     (tensor<3xf64>)
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[0.5, -1.2, 0.8]" 0.7
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[-0.9, 0.3, 1.6]" -1.4

func.func @f(%v: tensor<3xf64>, %x: f64) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f64
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %p = arith.mulf %v0, %x : f64
  %t1 = tensor.insert %p into %v[%c2] : tensor<3xf64>
  %a2 = tensor.extract %t1[%c2] : tensor<3xf64>
  %a1 = tensor.extract %t1[%c1] : tensor<3xf64>
  %s = math.sin %a2 : f64
  %n0 = arith.addf %s, %a1 : f64
  %t2 = tensor.insert %n0 into %t1[%c0] : tensor<3xf64>
  %t3 = scf.for %k = %c0 to %c3 step %c1 iter_args(%t = %t2) -> (tensor<3xf64>) {
    %b0 = tensor.extract %t[%c0] : tensor<3xf64>
    %b1 = tensor.extract %t[%c1] : tensor<3xf64>
    %m = arith.mulf %b0, %b1 : f64
    %h = arith.mulf %m, %half : f64
    %n1 = arith.addf %h, %x : f64
    %tn = tensor.insert %n1 into %t[%c1] : tensor<3xf64>
    scf.yield %tn : tensor<3xf64>
  }
  %d0 = tensor.extract %t3[%c0] : tensor<3xf64>
  %d1 = tensor.extract %t3[%c1] : tensor<3xf64>
  %d2 = tensor.extract %t3[%c2] : tensor<3xf64>
  %r0 = arith.addf %d0, %d2 : f64
  %r1 = arith.mulf %d1, %d2 : f64
  %r = tensor.from_elements %r0, %r1, %x : tensor<3xf64>
  return %r : tensor<3xf64>
}

func.func @df(%v: tensor<3xf64>, %x: f64) -> (tensor<3x3xf64>, tensor<3xf64>) {
  %jv, %jx = gradient.grad @f(%v, %x) {argnums = array<i64: 0, 1>} : (tensor<3xf64>, f64) -> (tensor<3x3xf64>, tensor<3xf64>)
  return %jv, %jx : tensor<3x3xf64>, tensor<3xf64>
}
