// A call that ends with a run-time error frees what it allocated: the
// buffers of compiled code and the residual tapes of custom gradients. Each
// test fails 100 calls that leave 8 MB behind when nothing frees them, and
// watches the memory in use; then a call succeeds.
#include "cotangent/API/Cotangent.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

using namespace cotangent;

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COT_TEST_UNDER_ASAN 1
#include <sanitizer/allocator_interface.h>
#endif
#endif

/// The process's memory in use, in KiB: its resident set (Linux), or under
/// AddressSanitizer, whose quarantine holds freed blocks resident for a
/// while, the bytes the program has allocated and not freed.
long residentKiB() {
#ifdef COT_TEST_UNDER_ASAN
  return static_cast<long>(__sanitizer_get_current_allocated_bytes() / 1024);
#else
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0)
      return std::atol(line.c_str() + 6);
  return 0;
#endif
}

Program compileOrDie(const char *source) {
  Result<Program> program = Program::compile(source, "test.mlir");
  if (!program)
    ADD_FAILURE() << program.error().message;
  return std::move(program.value());
}

/// Calls entry(x, 0) 100 times (each fails dividing by zero) and returns
/// how much the resident set grew, in KiB; then checks entry(x, 1).
long growthOverFailedCalls(const Program &program, const char *entry,
                           double expected) {
  long before = residentKiB();
  for (int i = 0; i < 100; ++i) {
    Result<std::vector<Array>> failed =
        program.call(entry, {Array::scalar(0.5), Array::scalar(int64_t(0))});
    EXPECT_FALSE(failed.ok());
    if (!failed.ok()) {
      EXPECT_NE(failed.error().message.find("integer division by zero"),
                std::string::npos);
    }
  }
  long growth = residentKiB() - before;
  Result<std::vector<Array>> ok =
      program.call(entry, {Array::scalar(0.5), Array::scalar(int64_t(1))});
  EXPECT_TRUE(ok.ok());
  if (ok.ok()) {
    EXPECT_DOUBLE_EQ(*ok.value()[0].as<double>(), expected);
  }
  return growth;
}

} // namespace

TEST(FailedCallTest, FreesTheBuffersItAllocated) {
  // An 8 MB buffer is alive when the division fails (it is read after).
  Program program = compileOrDie(R"(
func.func @big(%x: f64, %d: i64) -> f64 {
  %t = tensor.splat %x : tensor<1000000xf64>
  %c7 = arith.constant 7 : index
  %e = tensor.extract %t[%c7] : tensor<1000000xf64>
  %one = arith.constant 1 : i64
  %q = arith.divsi %one, %d : i64
  %qf = arith.sitofp %q : i64 to f64
  %c9 = arith.constant 9 : index
  %f = tensor.extract %t[%c9] : tensor<1000000xf64>
  %s = arith.addf %e, %f : f64
  %r = arith.mulf %s, %qf : f64
  return %r : f64
}
)");
  EXPECT_LT(growthOverFailedCalls(program, "big", 1.0), 100 * 1024);
}

TEST(FailedCallTest, FreesTheResidualTapesOfCustomGradients) {
  // @keep's forward keeps its 8 MB argument as a residual; the division
  // after it fails in the forward sweep, before any reverse call.
  Program program = compileOrDie(R"(
func.func private @keep(%v: tensor<1000000xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %v[%c0] : tensor<1000000xf64>
  return %e : f64
}
func.func private @keep_fwd(%v: tensor<1000000xf64>) -> (f64, tensor<1000000xf64>) {
  %e = func.call @keep(%v) : (tensor<1000000xf64>) -> f64
  return %e, %v : f64, tensor<1000000xf64>
}
func.func private @keep_rev(%v: tensor<1000000xf64>, %ct: f64) -> tensor<1000000xf64> {
  %g = tensor.splat %ct : tensor<1000000xf64>
  return %g : tensor<1000000xf64>
}
gradient.custom_grad @keep fwd(@keep_fwd) rev(@keep_rev)
func.func @loss(%x: f64, %d: i64) -> f64 {
  %v = tensor.splat %x : tensor<1000000xf64>
  %k = func.call @keep(%v) : (tensor<1000000xf64>) -> f64
  %one = arith.constant 1 : i64
  %q = arith.divsi %one, %d : i64
  %qf = arith.sitofp %q : i64 to f64
  %r = arith.mulf %k, %qf : f64
  return %r : f64
}
func.func @dloss(%x: f64, %d: i64) -> f64 {
  %g = gradient.grad @loss(%x, %d) : (f64, i64) -> f64
  return %g : f64
}
)");
  // d loss / dx = 10^6 (the custom rule: every element's cotangent is ct).
  EXPECT_LT(growthOverFailedCalls(program, "dloss", 1e6), 100 * 1024);
}
