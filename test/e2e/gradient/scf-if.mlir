// scf.if with results, nested, one branch condition computed from floats
// and one from an i1 argument (inactive):
//   g = x > y ? x^2 y : sin(x) + y^3
//   h = flag ? (g > 1 ? g exp(-x) : g + x y) : g / (1 + y^2)
//   f(x, y, flag) = h
// The points take every branch, away from the switching surfaces:
//   (1.2, 0.5, true): x > y, g = 0.72 <= 1;  (1.5, 1.0, true): g = 2.25 > 1
//   (0.3, 0.9, false): x <= y;  (-0.4, 1.1, true): g = 0.94 <= 1
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth on each branch, FD
// truncation s^2 |f'''| / 6 < 1e-11, rounding < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.2 0.5 true
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 1.5 1.0 true
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- 0.3 0.9 false
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- -0.4 1.1 true
// At (1.5, 1.0, true): h = x^2 y e^{-x}, dh/dx = (2x - x^2) y e^{-x}, dh/dy = x^2 e^{-x}.
// RUN: cot run %s --entry df -- 1.5 1.0 true | %expect --tol 1e-12 \
// RUN:   "(3.0 - 2.25)*math.exp(-1.5)" "2.25*math.exp(-1.5)"

func.func @f(%x: f64, %y: f64, %flag: i1) -> f64 {
  %one = arith.constant 1.0 : f64
  %gt = arith.cmpf ogt, %x, %y : f64
  %g = scf.if %gt -> (f64) {
    %x2 = arith.mulf %x, %x : f64
    %v = arith.mulf %x2, %y : f64
    scf.yield %v : f64
  } else {
    %s = math.sin %x : f64
    %y2 = arith.mulf %y, %y : f64
    %y3 = arith.mulf %y2, %y : f64
    %v = arith.addf %s, %y3 : f64
    scf.yield %v : f64
  }
  %h = scf.if %flag -> (f64) {
    %big = arith.cmpf ogt, %g, %one : f64
    %w = scf.if %big -> (f64) {
      %nx = arith.negf %x : f64
      %e = math.exp %nx : f64
      %v = arith.mulf %g, %e : f64
      scf.yield %v : f64
    } else {
      %xy = arith.mulf %x, %y : f64
      %v = arith.addf %g, %xy : f64
      scf.yield %v : f64
    }
    scf.yield %w : f64
  } else {
    %y2 = arith.mulf %y, %y : f64
    %d = arith.addf %one, %y2 : f64
    %v = arith.divf %g, %d : f64
    scf.yield %v : f64
  }
  return %h : f64
}

func.func @df(%x: f64, %y: f64, %flag: i1) -> (f64, f64) {
  %gx, %gy = gradient.grad @f(%x, %y, %flag) {argnums = array<i64: 0, 1>} : (f64, f64, i1) -> (f64, f64)
  return %gx, %gy : f64, f64
}
