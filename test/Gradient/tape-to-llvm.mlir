// The tapes in the LLVM dialect: a push reserves 8-byte slots on the
// runtime's tape (growing it through the runtime only when full) and stores
// each value; a pop shrinks the size and loads the values back. Residual
// tapes become runtime calls that copy a buffer's bytes. The tape's fields
// and its slots are accessed in two alias scopes, each declared apart from
// the other, so LLVM may keep the size in a register across a loop's pops.
// RUN: cot-opt %s --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s

// CHECK: #[[DOMAIN:.*]] = #llvm.alias_scope_domain<id = "cot.tape"
// CHECK: #[[FIELDS:.*]] = #llvm.alias_scope<id = "cot.tape.fields", domain = #[[DOMAIN]]
// CHECK: #[[SLOTS:.*]] = #llvm.alias_scope<id = "cot.tape.slots", domain = #[[DOMAIN]]

// CHECK-LABEL: llvm.func @push_pop
// CHECK: %[[TAPE:.*]] = llvm.call @__cot_tape() : () -> !llvm.ptr
// CHECK: %[[SIZE:.*]] = llvm.load %{{.*}} {alias_scopes = [#[[FIELDS]]], noalias_scopes = [#[[SLOTS]]]} : !llvm.ptr -> i64
// CHECK: %[[NEEDED:.*]] = llvm.add %[[SIZE]], %{{.*}} : i64
// CHECK: llvm.icmp "ugt" %[[NEEDED]]
// CHECK: llvm.call @__cot_tape_grow(%[[TAPE]], %[[NEEDED]])
// CHECK: llvm.store %arg0, %{{.*}} {alias_scopes = [#[[SLOTS]]], noalias_scopes = [#[[FIELDS]]]} : f64, !llvm.ptr
// CHECK: llvm.store %arg1, %{{.*}} {alias_scopes = [#[[SLOTS]]], noalias_scopes = [#[[FIELDS]]]} : !llvm.ptr, !llvm.ptr
// CHECK: llvm.call @__cot_tape()
// CHECK: %[[REMAINING:.*]] = llvm.sub
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[SLOTS]]], noalias_scopes = [#[[FIELDS]]]} : !llvm.ptr -> f64
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[SLOTS]]], noalias_scopes = [#[[FIELDS]]]} : !llvm.ptr -> !llvm.ptr
func.func @push_pop(%x: f64, %p: !llvm.ptr) -> (f64, !llvm.ptr) {
  gradient.tape_push %x, %p : f64, !llvm.ptr
  %y, %q = gradient.tape_pop : f64, !llvm.ptr
  return %y, %q : f64, !llvm.ptr
}

// CHECK-LABEL: llvm.func @residuals
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i64)
// CHECK: %[[T:.*]] = llvm.call @__cot_residuals_create(%[[TWO]])
// CHECK: %[[SLOT:.*]] = llvm.mlir.constant(1 : i64)
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(24 : i64)
// CHECK: llvm.call @__cot_residuals_put(%[[T]], %[[SLOT]], %{{.*}}, %[[BYTES]])
// CHECK: llvm.call @__cot_residuals_get(%[[T]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: llvm.call @__cot_residuals_free(%[[T]])
// CHECK: llvm.call @__cot_residuals_free(%[[NULL]])
func.func @residuals(%m: memref<3xf64>) {
  %none = gradient.residuals_create 0 : !llvm.ptr
  %t = gradient.residuals_create 2 : !llvm.ptr
  gradient.residuals_put %m, %t[1] : memref<3xf64>, !llvm.ptr
  gradient.residuals_get %t[1], %m : !llvm.ptr, memref<3xf64>
  gradient.residuals_free %t : !llvm.ptr
  gradient.residuals_free %none : !llvm.ptr
  return
}

// A buffer of dynamic size: its bytes are the element size times the size in
// its descriptor.
// CHECK-LABEL: llvm.func @dynamic_residual
// CHECK: %[[ELEMENT:.*]] = llvm.mlir.constant(8 : i64)
// CHECK: %[[SIZE:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK: %[[BYTES:.*]] = llvm.mul %[[ELEMENT]], %[[SIZE]]
// CHECK: llvm.call @__cot_residuals_put(%{{.*}}, %{{.*}}, %{{.*}}, %[[BYTES]])
func.func @dynamic_residual(%m: memref<?xf64>, %t: !llvm.ptr) {
  gradient.residuals_put %m, %t[0] : memref<?xf64>, !llvm.ptr
  return
}
