// A two-layer network with tanh on a batch of 128 inputs of size 64:
// loss = sum(tanh(tanh(X W1) W2)); gradient with respect to both weights.
#map_in = affine_map<(i, j) -> (i, j)>
func.func @f(%x: tensor<128x64xf64>, %w1: tensor<64x64xf64>, %w2: tensor<64x64xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<128x64xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<128x64xf64>) -> tensor<128x64xf64>
  %h1 = linalg.matmul ins(%x, %w1 : tensor<128x64xf64>, tensor<64x64xf64>) outs(%z : tensor<128x64xf64>) -> tensor<128x64xf64>
  %a1 = linalg.generic {indexing_maps = [#map_in, #map_in], iterator_types = ["parallel", "parallel"]} ins(%h1 : tensor<128x64xf64>) outs(%e : tensor<128x64xf64>) {
  ^bb0(%v: f64, %o: f64):
    %t = math.tanh %v : f64
    linalg.yield %t : f64
  } -> tensor<128x64xf64>
  %h2 = linalg.matmul ins(%a1, %w2 : tensor<128x64xf64>, tensor<64x64xf64>) outs(%z : tensor<128x64xf64>) -> tensor<128x64xf64>
  %init = tensor.empty() : tensor<f64>
  %s0 = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#map_in, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%h2 : tensor<128x64xf64>) outs(%s0 : tensor<f64>) {
  ^bb0(%v: f64, %acc: f64):
    %t = math.tanh %v : f64
    %a = arith.addf %acc, %t : f64
    linalg.yield %a : f64
  } -> tensor<f64>
  %r = tensor.extract %s[] : tensor<f64>
  return %r : f64
}
func.func @df(%x: tensor<128x64xf64>, %w1: tensor<64x64xf64>, %w2: tensor<64x64xf64>) -> (tensor<64x64xf64>, tensor<64x64xf64>) {
  %g:2 = gradient.grad @f(%x, %w1, %w2) {argnums = array<i64: 1, 2>} : (tensor<128x64xf64>, tensor<64x64xf64>, tensor<64x64xf64>) -> (tensor<64x64xf64>, tensor<64x64xf64>)
  return %g#0, %g#1 : tensor<64x64xf64>, tensor<64x64xf64>
}
