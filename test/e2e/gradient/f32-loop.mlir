// An f32 function with a loop-carried value and an f32 tensor result
// (Jacobian in f32):
//   z_0 = x, z_{k+1} = z_k (1 - a) + a tanh(z_k + k / 4)  (4 steps)
//   f(x, a) = [z_4, z_4 a]
// Tolerance: --f32 with step s = 4e-3 max(1, |x|): FD rounding ~ (a few
// ulps accumulated over the loop, ~5e-7 |f|, |f| < 2) / s ~ 2e-4 at worst
// (1e-5 observed), truncation s^2 |f'''| / 6 ~ 1e-5: rtol 3e-4, atol 3e-4.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --f32 --h 4e-3 --rtol 3e-4 --atol 3e-4 -- 0.3 0.6
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 --f32 --h 4e-3 --rtol 3e-4 --atol 3e-4 -- -0.8 0.25

func.func @f(%x: f32, %a: f32) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %quarter = arith.constant 0.25 : f32
  %oma = arith.subf %one, %a : f32
  %z = scf.for %k = %c0 to %c4 step %c1 iter_args(%zk = %x) -> (f32) {
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %kq = arith.mulf %kf, %quarter : f32
    %s = arith.addf %zk, %kq : f32
    %t = math.tanh %s : f32
    %at = arith.mulf %a, %t : f32
    %keep = arith.mulf %zk, %oma : f32
    %zn = arith.addf %keep, %at : f32
    scf.yield %zn : f32
  }
  %za = arith.mulf %z, %a : f32
  %r = tensor.from_elements %z, %za : tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @df(%x: f32, %a: f32) -> (tensor<2xf32>, tensor<2xf32>) {
  %jx, %ja = gradient.grad @f(%x, %a) {argnums = array<i64: 0, 1>} : (f32, f32) -> (tensor<2xf32>, tensor<2xf32>)
  return %jx, %ja : tensor<2xf32>, tensor<2xf32>
}
