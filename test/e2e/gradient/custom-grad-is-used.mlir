// The engine uses a custom gradient wherever the function is called, even
// when it differs from the true derivative: here a "straight-through"
// gradient of 1 for a hard clamp, min(max(x, -1), 1), whose true derivative
// is 0 outside [-1, 1]. The expected values are the chain rule with that
// custom gradient, by hand:
//   f(x) = clamp(3x)^2 -> df/dx = 2 clamp(3x) * 1 * 3
//   g(x) = sum_{i<4} clamp(x + i)   (in a loop)  -> dg/dx = 4
// RUN: cot run %s --entry df -- 0.9 | %expect "2*1*3"
// RUN: cot run %s --entry df -- 0.1 | %expect "2*0.30000000000000004*3"
// RUN: cot run %s --entry dg -- 0.5 | %expect 4
// RUN: cot run %s --entry dclamp -- 5.0 | %expect 1

func.func @clamp(%x: f64) -> f64 {
  %lo = arith.constant -1.0 : f64
  %hi = arith.constant 1.0 : f64
  %a = arith.maximumf %x, %lo : f64
  %b = arith.minimumf %a, %hi : f64
  return %b : f64
}
func.func @clamp_fwd(%x: f64) -> f64 {
  %y = func.call @clamp(%x) : (f64) -> f64
  return %y : f64
}
func.func @clamp_rev(%ct: f64) -> f64 {
  return %ct : f64
}
gradient.custom_grad @clamp fwd(@clamp_fwd) rev(@clamp_rev)

func.func @f(%x: f64) -> f64 {
  %three = arith.constant 3.0 : f64
  %x3 = arith.mulf %x, %three : f64
  %c = func.call @clamp(%x3) : (f64) -> f64
  %y = arith.mulf %c, %c : f64
  return %y : f64
}
func.func @df(%x: f64) -> f64 {
  %d = gradient.grad @f(%x) : (f64) -> f64
  return %d : f64
}

func.func @g(%x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %xi = arith.addf %x, %fi : f64
    %c = func.call @clamp(%xi) : (f64) -> f64
    %n = arith.addf %acc, %c : f64
    scf.yield %n : f64
  }
  return %s : f64
}
func.func @dg(%x: f64) -> f64 {
  %d = gradient.grad @g(%x) : (f64) -> f64
  return %d : f64
}

// Differentiating the function itself uses its custom gradient too.
func.func @dclamp(%x: f64) -> f64 {
  %d = gradient.grad @clamp(%x) : (f64) -> f64
  return %d : f64
}
