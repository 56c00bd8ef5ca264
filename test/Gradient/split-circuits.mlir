// lower-gradients splits a circuit function that exact differentiation
// reaches: @F keeps the classical code, writes every gate parameter into a
// buffer (a counter numbers them in the order the gates run, so gates in
// loops work) and calls @F.quantum; @F.num_params counts the parameters;
// the adjoint method is @F.quantum.taped (the circuit, recorded and kept)
// with @F.quantum.vjp (the backward sweep), registered by parameter_vjp.
// RUN: cot-opt %s --lower-gradients | FileCheck %s

// CHECK-LABEL: func.func @circuit(
// CHECK-NOT: quantum.
// CHECK: %[[N:.*]] = call @circuit.num_params(%{{.*}}, %{{.*}}) : (f64, index) -> index
// CHECK: %[[P:.*]] = memref.alloc(%[[N]]) : memref<?xf64>
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[P]][%{{.*}}] : memref<?xf64>
// CHECK: %[[E:.*]] = call @circuit.quantum(%[[P]], %{{.*}}, %{{.*}}) : (memref<?xf64>, f64, index) -> f64
// CHECK: %[[Y:.*]] = arith.mulf %[[E]], %{{.*}} : f64
// CHECK: return %[[Y]]

// CHECK-LABEL: func.func private @circuit.quantum.taped(
// CHECK-SAME: %[[PARAMS:.*]]: memref<?xf64>, %{{.*}}: f64, %{{.*}}: index) -> (f64, i64)
// CHECK: quantum.adjoint_begin
// CHECK: scf.for
// CHECK:   memref.load %[[PARAMS]]
// CHECK:   quantum.custom "RY"
// CHECK: %[[E:.*]] = quantum.expval
// CHECK: %[[H:.*]] = quantum.adjoint_stash : i64
// CHECK: return %[[E]], %[[H]] : f64, i64

// CHECK-LABEL: func.func private @circuit.quantum.vjp(
// CHECK-SAME: %[[H:.*]]: i64, %[[CT:.*]]: f64, %[[OUT:.*]]: memref<?xf64>)
// CHECK: %[[W:.*]] = memref.alloc() : memref<1xf64>
// CHECK: memref.store %[[CT]], %[[W]]
// CHECK: quantum.adjoint_resume %[[H]] weights(%[[W]] : memref<1xf64>) into(%[[OUT]] : memref<?xf64>)

// CHECK: gradient.parameter_vjp @circuit.quantum forward(@circuit.quantum.taped) vjp(@circuit.quantum.vjp) {tensor_type = (memref<?xf64>, f64, index) -> f64}

// CHECK-LABEL: func.func private @circuit.num_params(
// CHECK-NOT: quantum.
// CHECK: return %{{.*}} : index

// CHECK-LABEL: func.func private @circuit.quantum(
// CHECK-SAME: %[[PARAMS:.*]]: memref<?xf64>, %{{.*}}: f64, %{{.*}}: index) -> f64 attributes {no_inline}
// CHECK: scf.for
// CHECK:   memref.load %[[PARAMS]]
// CHECK:   quantum.custom "RY"
// CHECK: %[[E:.*]] = quantum.expval
// CHECK: return %[[E]] : f64
func.func @circuit(%theta: f64, %layers: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %out = scf.for %k = %c0 to %layers step %c1 iter_args(%b = %q) -> (!quantum.bit) {
    %a = math.sin %theta : f64
    %b1 = quantum.custom "RY"(%a) %b : !quantum.bit
    scf.yield %b1 : !quantum.bit
  }
  %z = quantum.namedobs %out[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  %y = arith.mulf %e, %theta : f64
  return %y : f64
}

func.func @d(%theta: f64, %layers: index) -> f64 {
  %g = gradient.grad @circuit(%theta, %layers) : (f64, index) -> f64
  return %g : f64
}
