// A constant divisor of zero, or the smallest value divided by the constant
// -1, is a compile error at the op (LLVM would fold it into garbage).
// RUN: cot-opt %s --split-input-file --guard-integer-division -verify-diagnostics

func.func @by_zero(%a: i64) -> i64 {
  %zero = arith.constant 0 : i64
  // expected-error @+1 {{integer division by zero}}
  %q = arith.divsi %a, %zero : i64
  return %q : i64
}

// -----

func.func @remainder_by_zero(%a: i32) -> i32 {
  %zero = arith.constant 0 : i32
  // expected-error @+1 {{integer remainder by zero}}
  %r = arith.remui %a, %zero : i32
  return %r : i32
}

// -----

func.func @overflow() -> i64 {
  %smallest = arith.constant -9223372036854775808 : i64
  %minus = arith.constant -1 : i64
  // expected-error @+1 {{integer overflow: the smallest value divided by -1}}
  %q = arith.floordivsi %smallest, %minus : i64
  return %q : i64
}
