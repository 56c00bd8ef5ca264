// Public functions get a twin taking one buffer per argument and result.
// RUN: cot-opt %s --wrap-entry-points | FileCheck %s

// CHECK-LABEL: func.func @_cot_entry_mixed
// CHECK-SAME: (%[[X:.*]]: memref<f64>, %[[V:.*]]: memref<3xf64>, %[[OUT0:.*]]: memref<i1>, %[[OUT1:.*]]: memref<2xi64>)
// CHECK-SAME: attributes {llvm.emit_c_interface}
// CHECK: %[[XV:.*]] = memref.load %[[X]][] : memref<f64>
// CHECK: %[[R:.*]]:2 = call @mixed(%[[XV]], %[[V]])
// CHECK: memref.store %[[R]]#0, %[[OUT0]][] : memref<i1>
// CHECK: memref.copy %[[R]]#1, %[[OUT1]]
// CHECK: return
func.func @mixed(%x: f64, %v: memref<3xf64>) -> (i1, memref<2xi64>) {
  %c = arith.constant 0.0 : f64
  %b = arith.cmpf ogt, %x, %c : f64
  %r = memref.alloc() : memref<2xi64>
  return %b, %r : i1, memref<2xi64>
}

// Private functions, declarations and functions with types the host cannot
// pass get no twin.
// CHECK-NOT: @_cot_entry_helper
func.func private @helper(%x: f64) -> f64 {
  return %x : f64
}
// CHECK-NOT: @_cot_entry_external
func.func private @external(f64) -> f64
// CHECK-NOT: @_cot_entry_takes_register
func.func @takes_register(%r: !quantum.reg) {
  return
}
// CHECK-NOT: @_cot_entry_dynamic
func.func @dynamic(%v: memref<?xf64>) {
  return
}
