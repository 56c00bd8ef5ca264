// Each kind of run-time error, through the embedding API: the call fails
// with a located message, and the next call of the same program, in the
// same process, succeeds with the right value.
#include "cotangent/API/Cotangent.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>

using namespace cotangent;

namespace {

const char *kProgram =
    R"(func.func @element(%v: tensor<3xf64>, %i: i64) -> f64 {
  %k = arith.index_cast %i : i64 to index
  %e = tensor.extract %v[%k] : tensor<3xf64>
  return %e : f64
}
func.func @window(%v: tensor<3xf64>, %i: i64) -> tensor<2xf64> {
  %k = arith.index_cast %i : i64 to index
  %s = tensor.extract_slice %v[%k] [2] [1] : tensor<3xf64> to tensor<2xf64>
  return %s : tensor<2xf64>
}
func.func @quotient(%a: i64, %b: i64) -> i64 {
  %q = arith.divsi %a, %b : i64
  return %q : i64
}
func.func @filled(%n: i64) -> f64 {
  %size = arith.index_cast %n : i64 to index
  %b = memref.alloc(%size) : memref<?xf64>
  %c0 = arith.constant 0 : index
  %v = arith.constant 2.5 : f64
  memref.store %v, %b[%c0] : memref<?xf64>
  %r = memref.load %b[%c0] : memref<?xf64>
  return %r : f64
}
func.func @repeat(%x: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%a = %x) -> (f64) : i64 {
    %s = math.sin %a : f64
    scf.yield %s : f64
  }
  return %r : f64
}
func.func @drepeat(%x: f64, %n: i64) -> f64 {
  %g = gradient.grad @repeat(%x, %n) : (f64, i64) -> f64
  return %g : f64
}
func.func @depth(%n: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %done = arith.cmpi eq, %n, %c0 : i64
  %r = scf.if %done -> f64 {
    %z = arith.constant 0.0 : f64
    scf.yield %z : f64
  } else {
    %m = arith.subi %n, %c1 : i64
    %d = func.call @depth(%m) : (i64) -> f64
    %one = arith.constant 1.0 : f64
    %s = arith.addf %d, %one : f64
    scf.yield %s : f64
  }
  return %r : f64
}
func.func @qubit(%i: i64, %t: f64) -> f64 {
  %r = quantum.alloc(2) : !quantum.reg
  %q = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
)";

class RunTimeErrorTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Result<Program> compiled = Program::compile(kProgram, "errors.mlir");
    ASSERT_TRUE(compiled.ok()) << compiled.error().message;
    program_ = new Program(std::move(compiled.value()));
  }
  static void TearDownTestSuite() { delete program_; }

  /// Calls `entry` and expects a run-time error whose message contains
  /// `message`.
  static void expectError(const char *entry, const std::vector<Array> &args,
                          const std::string &message,
                          const RunOptions &options = {}) {
    Result<std::vector<Array>> result = program_->call(entry, args, options);
    ASSERT_FALSE(result.ok()) << entry << " succeeded";
    EXPECT_EQ(result.error().kind, Error::Kind::Runtime);
    EXPECT_NE(result.error().message.find(message), std::string::npos)
        << result.error().message;
  }

  /// Calls `entry` and returns its first result as a double.
  static double value(const char *entry, const std::vector<Array> &args,
                      const RunOptions &options = {}) {
    Result<std::vector<Array>> result = program_->call(entry, args, options);
    EXPECT_TRUE(result.ok()) << result.error().message;
    if (!result.ok())
      return NAN;
    const Array &first = result.value()[0];
    if (first.type().element == ElementType::I64)
      return static_cast<double>(*first.as<int64_t>());
    return *first.as<double>();
  }

  static Program *program_;
};

Program *RunTimeErrorTest::program_ = nullptr;

Array scalar(int64_t value) { return Array::scalar(value); }
Array scalar(double value) { return Array::scalar(value); }

TEST_F(RunTimeErrorTest, IndexOutsideATensor) {
  Array v = Array::vector({1.0, 2.0, 3.0});
  expectError("element", {v, scalar(int64_t(3))},
              "errors.mlir:3:8: index 3 is out of range for dimension 0 of "
              "size 3");
  EXPECT_EQ(value("element", {v, scalar(int64_t(2))}), 3.0);
}

TEST_F(RunTimeErrorTest, SliceOutsideATensor) {
  Array v = Array::vector({1.0, 2.0, 3.0});
  expectError("window", {v, scalar(int64_t(2))},
              "errors.mlir:8:8: slice of 2 elements from offset 2 with "
              "stride 1 runs outside dimension 0 of size 3");
  EXPECT_EQ(value("window", {v, scalar(int64_t(1))}), 2.0);
}

TEST_F(RunTimeErrorTest, IntegerDivision) {
  expectError("quotient", {scalar(int64_t(7)), scalar(int64_t(0))},
              "errors.mlir:12:8: integer division by zero");
  expectError("quotient", {scalar(INT64_MIN), scalar(int64_t(-1))},
              "errors.mlir:12:8: integer overflow");
  EXPECT_EQ(value("quotient", {scalar(int64_t(-7)), scalar(int64_t(2))}), -3.0);
}

TEST_F(RunTimeErrorTest, Allocation) {
  expectError("filled", {scalar(int64_t(-4))},
              "errors.mlir:17:8: a buffer cannot have the negative extent -4 "
              "in dimension 0");
  expectError("filled", {scalar(int64_t(1) << 56)}, "out of memory");
  EXPECT_EQ(value("filled", {scalar(int64_t(4))}), 2.5);
}

TEST_F(RunTimeErrorTest, TapeLimit) {
  // 1000 iterations save 1000 values (8 KB); a 4 KB limit stops them.
  RunOptions small;
  small.tapeLimitBytes = 4096;
  expectError("drepeat", {scalar(0.5), scalar(int64_t(1000))}, "tape", small);
  double expected = std::cos(0.5) * std::cos(std::sin(0.5));
  EXPECT_NEAR(value("drepeat", {scalar(0.5), scalar(int64_t(2))}, small),
              expected, 1e-15);
}

TEST_F(RunTimeErrorTest, RecursionTooDeep) {
  expectError("depth", {scalar(int64_t(100000000))},
              "errors.mlir:37:1: recursion too deep: @depth has used up the");
  EXPECT_EQ(value("depth", {scalar(int64_t(1000))}), 1000.0);
}

TEST_F(RunTimeErrorTest, QubitOutsideItsRegister) {
  expectError("qubit", {scalar(int64_t(2)), scalar(0.3)},
              "qubit index 2 is outside a register of 2 qubits");
  EXPECT_NEAR(value("qubit", {scalar(int64_t(1)), scalar(0.3)}), std::cos(0.3),
              1e-15);
}

} // namespace
