// Loops that read a loop-carried buffer many times without writing it: the
// forward sweep saves that buffer whole once per step (a buffer snapshot)
// instead of each value loaded, and the reverse sweep reads the restored
// copy. The derivatives must not notice, in reverse mode and in forward mode
// over it (the snapshot's tangents travel on the tape as well).
//   @f: 3 steps of x_i <- tanh(sum_j A_ij x_{p_j}) with p a rotation that
//       turns each step (an index buffer, snapshotted too); f = sum_i x_i^2
//   @m: 2 steps of M_ik <- sin(sum_j M_ij W_jk) on a 2x3 state (a rank-2
//       snapshot, restored in reverse row-major order); m = sum M_ik k
// Tolerance: rtol 1e-6, atol 1e-8 (defaults): smooth, |f| < 10, FD
// truncation s^2 |f'''| / 6 < 1e-10, rounding ~1e-16 |f| / s < 1e-9.
// RUN: %gradcheck %s --primal f --grad df --argnums 0,1 -- "[[0.3, -0.8, 0.5], [1.1, 0.2, -0.4], [-0.6, 0.7, 0.9]]" "[0.4, -1.3, 0.8]"
// RUN: %gradcheck %s --primal gx --jvp hvp --argnums 0,1 -- "[[0.3, -0.8, 0.5], [1.1, 0.2, -0.4], [-0.6, 0.7, 0.9]]" "[0.4, -1.3, 0.8]" -- "[[0.2, 0.0, -0.5], [0.1, 0.9, 0.0], [0.0, -0.3, 0.4]]" "[0.7, 0.2, -1.1]"
// RUN: %gradcheck %s --primal m --grad dm --argnums 0,1 -- "[[0.3, -0.8, 0.5], [1.1, 0.2, -0.4]]" "[[0.5, -0.1], [0.9, 0.3], [-0.7, 0.6]]"
// The snapshots are there:
// RUN: cot run %s --entry df --dump-after=differentiate -- "[[0.3, -0.8, 0.5], [1.1, 0.2, -0.4], [-0.6, 0.7, 0.9]]" "[0.4, -1.3, 0.8]" 2>&1 >/dev/null | FileCheck %s
// CHECK-LABEL: func.func private @f.fwd_0_1_outermost
// CHECK: scf.for
// CHECK-NOT: gradient.tape_push
// CHECK: math.tanh
// CHECK: gradient.tape_push %{{.*}} : f64
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %{{.*}} : memref<3xindex>
// CHECK-NEXT: gradient.tape_push %{{.*}} : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %{{.*}} : memref<3xf64>
// CHECK-NEXT: gradient.tape_push %{{.*}} : f64

func.func @f(%a: tensor<3x3xf64>, %x0: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %p0 = tensor.from_elements %c0, %c1, %c2 : tensor<3xindex>
  %xs:2 = scf.for %s = %c0 to %c3 step %c1 iter_args(%x = %x0, %p = %p0) -> (tensor<3xf64>, tensor<3xindex>) {
    %e = tensor.empty() : tensor<3xf64>
    %y = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %e) -> (tensor<3xf64>) {
      %dot = scf.for %j = %c0 to %c3 step %c1 iter_args(%d = %zero) -> (f64) {
        %aij = tensor.extract %a[%i, %j] : tensor<3x3xf64>
        %pj = tensor.extract %p[%j] : tensor<3xindex>
        %xj = tensor.extract %x[%pj] : tensor<3xf64>
        %t = arith.mulf %aij, %xj : f64
        %dn = arith.addf %d, %t : f64
        scf.yield %dn : f64
      }
      %th = math.tanh %dot : f64
      %acc1 = tensor.insert %th into %acc[%i] : tensor<3xf64>
      scf.yield %acc1 : tensor<3xf64>
    }
    %pe = tensor.empty() : tensor<3xindex>
    %pn = scf.for %j = %c0 to %c3 step %c1 iter_args(%q = %pe) -> (tensor<3xindex>) {
      %j1 = arith.addi %j, %c1 : index
      %k = arith.remui %j1, %c3 : index
      %pk = tensor.extract %p[%k] : tensor<3xindex>
      %q1 = tensor.insert %pk into %q[%j] : tensor<3xindex>
      scf.yield %q1 : tensor<3xindex>
    }
    scf.yield %y, %pn : tensor<3xf64>, tensor<3xindex>
  }
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %v = tensor.extract %xs#0[%i] : tensor<3xf64>
    %v2 = arith.mulf %v, %v : f64
    %a1 = arith.addf %acc, %v2 : f64
    scf.yield %a1 : f64
  }
  return %sum : f64
}
func.func @df(%a: tensor<3x3xf64>, %x0: tensor<3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>) {
  %g:2 = gradient.grad @f(%a, %x0) {argnums = array<i64: 0, 1>} : (tensor<3x3xf64>, tensor<3xf64>) -> (tensor<3x3xf64>, tensor<3xf64>)
  return %g#0, %g#1 : tensor<3x3xf64>, tensor<3xf64>
}
func.func @gx(%a: tensor<3x3xf64>, %x0: tensor<3xf64>) -> tensor<3xf64> {
  %g = gradient.grad @f(%a, %x0) {argnums = array<i64: 1>} : (tensor<3x3xf64>, tensor<3xf64>) -> tensor<3xf64>
  return %g : tensor<3xf64>
}
func.func @hvp(%a: tensor<3x3xf64>, %x0: tensor<3xf64>, %da: tensor<3x3xf64>, %dx: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %r:2 = gradient.jvp @gx(%a, %x0) tangents(%da, %dx) {argnums = array<i64: 0, 1>} : (tensor<3x3xf64>, tensor<3xf64>, tensor<3x3xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  return %r#0, %r#1 : tensor<3xf64>, tensor<3xf64>
}

func.func @m(%m0: tensor<2x3xf64>, %w: tensor<3x2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %ms = scf.for %s = %c0 to %c2 step %c1 iter_args(%mm = %m0) -> (tensor<2x3xf64>) {
    %e = tensor.empty() : tensor<2x3xf64>
    %next = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %e) -> (tensor<2x3xf64>) {
      %row = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc1 = %acc) -> (tensor<2x3xf64>) {
        %kw = arith.remui %k, %c2 : index
        %dot = scf.for %j = %c0 to %c3 step %c1 iter_args(%d = %zero) -> (f64) {
          %mij = tensor.extract %mm[%i, %j] : tensor<2x3xf64>
          %wjk = tensor.extract %w[%j, %kw] : tensor<3x2xf64>
          %t = arith.mulf %mij, %wjk : f64
          %dn = arith.addf %d, %t : f64
          scf.yield %dn : f64
        }
        %sn = math.sin %dot : f64
        %acc2 = tensor.insert %sn into %acc1[%i, %k] : tensor<2x3xf64>
        scf.yield %acc2 : tensor<2x3xf64>
      }
      scf.yield %row : tensor<2x3xf64>
    }
    scf.yield %next : tensor<2x3xf64>
  }
  %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (f64) {
    %inner = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc1 = %acc) -> (f64) {
      %v = tensor.extract %ms[%i, %k] : tensor<2x3xf64>
      %ki = arith.index_cast %k : index to i64
      %kf = arith.sitofp %ki : i64 to f64
      %vk = arith.mulf %v, %kf : f64
      %a1 = arith.addf %acc1, %vk : f64
      scf.yield %a1 : f64
    }
    scf.yield %inner : f64
  }
  return %sum : f64
}
func.func @dm(%m0: tensor<2x3xf64>, %w: tensor<3x2xf64>) -> (tensor<2x3xf64>, tensor<3x2xf64>) {
  %g:2 = gradient.grad @m(%m0, %w) {argnums = array<i64: 0, 1>} : (tensor<2x3xf64>, tensor<3x2xf64>) -> (tensor<2x3xf64>, tensor<3x2xf64>)
  return %g#0, %g#1 : tensor<2x3xf64>, tensor<3x2xf64>
}
