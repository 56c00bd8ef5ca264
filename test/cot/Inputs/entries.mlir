// Entry points used by tool.test.
func.func @twice(%x: i64) -> i64 {
  %y = arith.addi %x, %x : i64
  return %y : i64
}

// Sixteen fair coins.
func.func @coin() -> tensor<16xi1> {
  %r = quantum.alloc(16) : !quantum.reg
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %init = tensor.empty() : tensor<16xi1>
  %out = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %init) -> (tensor<16xi1>) {
    %i64 = arith.index_cast %i : index to i64
    %q = quantum.extract %r[%i64] : !quantum.reg -> !quantum.bit
    %h = quantum.custom "Hadamard"() %q : !quantum.bit
    %m, %q1 = quantum.measure %h : i1, !quantum.bit
    %next = tensor.insert %m into %acc[%i] : tensor<16xi1>
    scf.yield %next : tensor<16xi1>
  }
  quantum.dealloc %r : !quantum.reg
  return %out : tensor<16xi1>
}
