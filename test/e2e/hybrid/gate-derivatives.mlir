// The derivative of every parametric gate against its analytic formula,
// by the adjoint method and by parameter shifts (the RUN lines substitute
// the diff_method). Each gate acts on a prepared basis or |+> state and one
// observable is measured; with c = cos, s = sin:
//   RX on |0>: <Z> = c t           RY on |0>: <X> = s t
//   RZ on |+>: <Y> = s t           PhaseShift on |+>: <X> = c t
//   Rot(p, t, w) on |0>: <X> = s t c w (no dependence on p); CRot with its
//     control in |1> likewise
//   CRX with control |1>: <Z_1> = c t; CRY with control |+>: <Z_1> =
//     (1 + c t)/2; CRZ on |++>: <X_1> = (1 + c t)/2
//   ControlledPhaseShift on |++>: <X X> = (1 + c t)/2
//   IsingXX, IsingYY on |00>: <Z> = c t; IsingZZ on |++>, MultiRZ on |+++>:
//     <X> = c t
//   SingleExcitation on |01>, DoubleExcitation on |0011>: <Z_0> = c t
// Tolerance 1e-12: exact derivatives, rounding only.
// RUN: sed 's/METHOD/adjoint/' %s > %t.adjoint.mlir
// RUN: cot run %t.adjoint.mlir -- -0.41 0.83 1.27 | %expect --tol 1e-12 \
// RUN:   "-math.sin(0.83)" "math.cos(0.83)" "math.cos(0.83)" "-math.sin(0.83)" "[0.0, math.cos(0.83)*math.cos(1.27), -math.sin(0.83)*math.sin(1.27)]" "-math.sin(0.83)" "-math.sin(0.83)/2" "-math.sin(0.83)/2" "[0.0, math.cos(0.83)*math.cos(1.27), -math.sin(0.83)*math.sin(1.27)]" "-math.sin(0.83)/2" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)"
// RUN: sed 's/METHOD/parameter-shift/' %s > %t.parameter-shift.mlir
// RUN: cot run %t.parameter-shift.mlir -- -0.41 0.83 1.27 | %expect --tol 1e-12 \
// RUN:   "-math.sin(0.83)" "math.cos(0.83)" "math.cos(0.83)" "-math.sin(0.83)" "[0.0, math.cos(0.83)*math.cos(1.27), -math.sin(0.83)*math.sin(1.27)]" "-math.sin(0.83)" "-math.sin(0.83)/2" "-math.sin(0.83)/2" "[0.0, math.cos(0.83)*math.cos(1.27), -math.sin(0.83)*math.sin(1.27)]" "-math.sin(0.83)/2" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)" "-math.sin(0.83)"

func.func @rx(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(1) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %g = quantum.custom "RX"(%t) %q0_0 : !quantum.bit
  %o0 = quantum.namedobs %g[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @ry(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(1) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %g = quantum.custom "RY"(%t) %q0_0 : !quantum.bit
  %o0 = quantum.namedobs %g[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @rz(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(1) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %g = quantum.custom "RZ"(%t) %s1 : !quantum.bit
  %o0 = quantum.namedobs %g[PauliY] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @phaseshift(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(1) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %g = quantum.custom "PhaseShift"(%t) %s1 : !quantum.bit
  %o0 = quantum.namedobs %g[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @rot(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(1) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %g = quantum.custom "Rot"(%p, %t, %w) %q0_0 : !quantum.bit
  %o0 = quantum.namedobs %g[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @crx(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "PauliX"() %q0_0 : !quantum.bit
  %g:2 = quantum.custom "CRX"(%t) %s1, %q1_0 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @cry(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %g:2 = quantum.custom "CRY"(%t) %s1, %q1_0 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @crz(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %s2 = quantum.custom "Hadamard"() %q1_0 : !quantum.bit
  %g:2 = quantum.custom "CRZ"(%t) %s1, %s2 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#1[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @crot(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "PauliX"() %q0_0 : !quantum.bit
  %g:2 = quantum.custom "CRot"(%p, %t, %w) %s1, %q1_0 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#1[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @cphase(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %s2 = quantum.custom "Hadamard"() %q1_0 : !quantum.bit
  %g:2 = quantum.custom "ControlledPhaseShift"(%t) %s1, %s2 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#0[PauliX] : !quantum.obs
  %o1 = quantum.namedobs %g#1[PauliX] : !quantum.obs
  %obs = quantum.tensor %o0, %o1 : !quantum.obs
  %e = quantum.expval %obs : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @isingxx(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %g:2 = quantum.custom "IsingXX"(%t) %q0_0, %q1_0 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#0[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @isingyy(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %g:2 = quantum.custom "IsingYY"(%t) %q0_0, %q1_0 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @isingzz(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %s2 = quantum.custom "Hadamard"() %q1_0 : !quantum.bit
  %g:2 = quantum.custom "IsingZZ"(%t) %s1, %s2 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#0[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @multirz(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(3) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %q2_0 = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "Hadamard"() %q0_0 : !quantum.bit
  %s2 = quantum.custom "Hadamard"() %q1_0 : !quantum.bit
  %s3 = quantum.custom "Hadamard"() %q2_0 : !quantum.bit
  %g:3 = quantum.custom "MultiRZ"(%t) %s1, %s2, %s3 : !quantum.bit, !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#1[PauliX] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @single(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(2) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "PauliX"() %q1_0 : !quantum.bit
  %g:2 = quantum.custom "SingleExcitation"(%t) %q0_0, %s1 : !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#0[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @double(%p: f64, %t: f64, %w: f64) -> f64 attributes {diff_method = "METHOD"} {
  %r = quantum.alloc(4) : !quantum.reg
  %q0_0 = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1_0 = quantum.extract %r[1] : !quantum.reg -> !quantum.bit
  %q2_0 = quantum.extract %r[2] : !quantum.reg -> !quantum.bit
  %q3_0 = quantum.extract %r[3] : !quantum.reg -> !quantum.bit
  %s1 = quantum.custom "PauliX"() %q2_0 : !quantum.bit
  %s2 = quantum.custom "PauliX"() %q3_0 : !quantum.bit
  %g:4 = quantum.custom "DoubleExcitation"(%t) %q0_0, %q1_0, %s1, %s2 : !quantum.bit, !quantum.bit, !quantum.bit, !quantum.bit
  %o0 = quantum.namedobs %g#0[PauliZ] : !quantum.obs
  %e = quantum.expval %o0 : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @main(%p: f64, %t: f64, %w: f64) -> (f64, f64, f64, f64, tensor<3xf64>, f64, f64, f64, tensor<3xf64>, f64, f64, f64, f64, f64, f64, f64) {
  %rx = gradient.grad @rx(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %ry = gradient.grad @ry(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %rz = gradient.grad @rz(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %phaseshift = gradient.grad @phaseshift(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %rot:3 = gradient.grad @rot(%p, %t, %w) {argnums = array<i64: 0, 1, 2>} : (f64, f64, f64) -> (f64, f64, f64)
  %rot_v = tensor.from_elements %rot#0, %rot#1, %rot#2 : tensor<3xf64>
  %crx = gradient.grad @crx(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %cry = gradient.grad @cry(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %crz = gradient.grad @crz(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %crot:3 = gradient.grad @crot(%p, %t, %w) {argnums = array<i64: 0, 1, 2>} : (f64, f64, f64) -> (f64, f64, f64)
  %crot_v = tensor.from_elements %crot#0, %crot#1, %crot#2 : tensor<3xf64>
  %cphase = gradient.grad @cphase(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %isingxx = gradient.grad @isingxx(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %isingyy = gradient.grad @isingyy(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %isingzz = gradient.grad @isingzz(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %multirz = gradient.grad @multirz(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %single = gradient.grad @single(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  %double = gradient.grad @double(%p, %t, %w) {argnums = array<i64: 1>} : (f64, f64, f64) -> f64
  return %rx, %ry, %rz, %phaseshift, %rot_v, %crx, %cry, %crz, %crot_v, %cphase, %isingxx, %isingyy, %isingzz, %multirz, %single, %double : f64, f64, f64, f64, tensor<3xf64>, f64, f64, f64, tensor<3xf64>, f64, f64, f64, f64, f64, f64, f64
}
