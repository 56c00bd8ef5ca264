// Log-likelihood of 4000 points under a 1-D mixture of 8 Gaussians
// (parameters: means, log standard deviations, unnormalised log weights);
// gradient with respect to all 24 parameters.
func.func @f(%data: tensor<4000xf64>, %mu: tensor<8xf64>, %logsigma: tensor<8xf64>, %w: tensor<8xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 4000 : index
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %log2pi = arith.constant 1.8378770664093453 : f64
  // log of the weights' normaliser
  %z = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f64) {
    %wk = tensor.extract %w[%k] : tensor<8xf64>
    %e = math.exp %wk : f64
    %a = arith.addf %acc, %e : f64
    scf.yield %a : f64
  }
  %logz = math.log %z : f64
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%ll = %zero) -> (f64) {
    %x = tensor.extract %data[%i] : tensor<4000xf64>
    %p = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f64) {
      %m = tensor.extract %mu[%k] : tensor<8xf64>
      %ls = tensor.extract %logsigma[%k] : tensor<8xf64>
      %wk = tensor.extract %w[%k] : tensor<8xf64>
      %s = math.exp %ls : f64
      %d = arith.subf %x, %m : f64
      %u = arith.divf %d, %s : f64
      %u2 = arith.mulf %u, %u : f64
      %q = arith.mulf %u2, %half : f64
      %t0 = arith.subf %wk, %q : f64
      %t1 = arith.subf %t0, %ls : f64
      %e = math.exp %t1 : f64
      %a = arith.addf %acc, %e : f64
      scf.yield %a : f64
    }
    %lp = math.log %p : f64
    %h = arith.mulf %log2pi, %half : f64
    %lpi = arith.subf %lp, %h : f64
    %lpz = arith.subf %lpi, %logz : f64
    %nl = arith.addf %ll, %lpz : f64
    scf.yield %nl : f64
  }
  return %total : f64
}
func.func @df(%data: tensor<4000xf64>, %mu: tensor<8xf64>, %logsigma: tensor<8xf64>, %w: tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) {
  %g:3 = gradient.grad @f(%data, %mu, %logsigma, %w) {argnums = array<i64: 1, 2, 3>} : (tensor<4000xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>)
  return %g#0, %g#1, %g#2 : tensor<8xf64>, tensor<8xf64>, tensor<8xf64>
}
