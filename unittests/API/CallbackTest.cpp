// Host callbacks through the embedding API: binding errors, run-time errors
// each followed by a successful call in the same process, residuals freed
// on every path, inactive callbacks once per forward execution, prints, and
// calls from several threads at once.
#include "cotangent/API/Callbacks.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <thread>

using namespace cotangent;

namespace {

const ArrayType kF64{ElementType::F64, {}};

/// Residuals that count how many of them are alive.
struct Counted {
  static inline std::atomic<int> alive{0};
  double x = 0;
  explicit Counted(double x) : x(x) { ++alive; }
  Counted(const Counted &other) : x(other.x) { ++alive; }
  ~Counted() { --alive; }
};

/// square(x) = x^2 with its gradient; fails(x) throws when x > 1.
CallbackRegistry squareAndFails() {
  CallbackRegistry registry;
  auto square = [](const CallbackInputs &in, const CallbackOutputs &out) {
    out.scalar<double>(0) = in.scalar<double>(0) * in.scalar<double>(0);
  };
  registry.define(
      "square", {{kF64}, {kF64}}, square,
      CallbackGradient<Counted>{
          [square](const CallbackInputs &in, const CallbackOutputs &out) {
            square(in, out);
            return Counted(in.scalar<double>(0));
          },
          [](Counted &r, const CallbackInputs &ct, const CallbackOutputs &d) {
            d.scalar<double>(0) = 2 * r.x * ct.scalar<double>(0);
          }});
  auto fails = [](const CallbackInputs &in, const CallbackOutputs &out) {
    if (in.scalar<double>(0) > 1)
      throw std::runtime_error("x is too large");
    out.scalar<double>(0) = in.scalar<double>(0);
  };
  registry.define(
      "fails", {{kF64}, {kF64}}, fails,
      CallbackGradient<int>{
          [fails](const CallbackInputs &in, const CallbackOutputs &out) {
            fails(in, out);
            return 0;
          },
          [](int &, const CallbackInputs &ct, const CallbackOutputs &d) {
            d.scalar<double>(0) = ct.scalar<double>(0);
          }});
  return registry;
}

// grad of fails(square(x)): the forward of square keeps residuals, then
// fails throws for |x| > 1, before any reverse call.
const char *const kChain = R"(
callback.declare @square : (f64) -> f64
callback.declare @fails : (f64) -> f64
func.func @chain(%x: f64) -> f64 {
  %s = callback.call @square(%x) : (f64) -> f64
  %f = callback.call @fails(%s) : (f64) -> f64
  return %f : f64
}
func.func @dchain(%x: f64) -> f64 {
  %g = gradient.grad @chain(%x) : (f64) -> f64
  return %g : f64
}
)";

Program compileWith(const char *source, const CallbackRegistry &registry) {
  CompileOptions options;
  options.callbacks = &registry;
  Result<Program> program = Program::compile(source, "test.mlir", options);
  if (!program)
    ADD_FAILURE() << program.error().message;
  return std::move(program.value());
}

double scalarResult(const Result<std::vector<Array>> &results) {
  EXPECT_TRUE(results.ok()) << results.error().message;
  return results.ok() ? *results.value()[0].as<double>() : NAN;
}

} // namespace

TEST(CallbackTest, RegistryRejectsWhatCannotBeCalled) {
  CallbackRegistry registry;
  auto identity = [](const CallbackInputs &, const CallbackOutputs &) {};
  registry.define("f", {{kF64}, {kF64}}, identity);
  EXPECT_THROW(registry.define("f", {{kF64}, {kF64}}, identity),
               std::invalid_argument);
  EXPECT_THROW(
      registry.define("c", {{{ElementType::Complex128, {}}}, {}}, identity),
      std::invalid_argument);
  EXPECT_THROW(registry.define("g", {{kF64}, {kF64}}, identity,
                               CallbackGradient<int>{nullptr, nullptr}),
               std::invalid_argument);
  EXPECT_TRUE(registry.contains("f"));
  EXPECT_FALSE(registry.contains("g"));
}

TEST(CallbackTest, BindingReportsUnregisteredAndMismatchedCallbacks) {
  CallbackRegistry registry = squareAndFails();
  CompileOptions options;
  options.callbacks = &registry;
  Result<Program> missing = Program::compile(
      "callback.declare @nowhere : (f64) -> f64\n", "missing.mlir", options);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, Error::Kind::Compile);
  EXPECT_NE(missing.error().message.find(
                "missing.mlir:1:1: error: callback @nowhere is not registered "
                "by the host (registered: @fails, @square)"),
            std::string::npos)
      << missing.error().message;

  Result<Program> mismatched = Program::compile(
      "callback.declare @square : (f64, f64) -> f64\n", "bad.mlir", options);
  ASSERT_FALSE(mismatched.ok());
  EXPECT_NE(mismatched.error().message.find(
                "callback @square is declared (f64, f64) -> f64 but the host "
                "registered it as (f64) -> f64"),
            std::string::npos)
      << mismatched.error().message;

  // Without a registry every declared callback is unregistered.
  Result<Program> unbound =
      Program::compile("callback.declare @square : (f64) -> f64\n", "u.mlir");
  ASSERT_FALSE(unbound.ok());
  EXPECT_NE(unbound.error().message.find("registered: none"),
            std::string::npos);
}

TEST(CallbackTest, AThrowingCallbackEndsOnlyItsCallAndFreesItsResiduals) {
  CallbackRegistry registry = squareAndFails();
  Program program = compileWith(kChain, registry);
  EXPECT_DOUBLE_EQ(scalarResult(program.call("dchain", {Array::scalar(0.5)})),
                   1.0); // d/dx x^2 at 0.5
  Result<std::vector<Array>> failed =
      program.call("dchain", {Array::scalar(2.0)});
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().kind, Error::Kind::Runtime);
  EXPECT_NE(failed.error().message.find(
                "test.mlir:3:1: callback @fails failed: x is too large"),
            std::string::npos)
      << failed.error().message;
  EXPECT_EQ(Counted::alive.load(), 0); // square's residuals were released
  EXPECT_DOUBLE_EQ(scalarResult(program.call("dchain", {Array::scalar(-0.25)})),
                   -0.5);
  EXPECT_DOUBLE_EQ(scalarResult(program.call("chain", {Array::scalar(0.5)})),
                   0.25);
  EXPECT_EQ(Counted::alive.load(), 0);
}

TEST(CallbackTest, AResultOfTheWrongTypeIsARunTimeErrorNamingTheCallback) {
  CallbackRegistry registry;
  registry.define("narrow", {{kF64}, {kF64}},
                  [](const CallbackInputs &in, const CallbackOutputs &out) {
                    if (in.scalar<double>(0) < 0)
                      out.scalar<float>(0) = 1.0f;
                    else
                      out.scalar<double>(0) = 2 * in.scalar<double>(0);
                  });
  Program program = compileWith(R"(
callback.declare @narrow : (f64) -> f64
func.func @f(%x: f64) -> f64 {
  %y = callback.call @narrow(%x) : (f64) -> f64
  return %y : f64
}
)",
                                registry);
  Result<std::vector<Array>> failed = program.call("f", {Array::scalar(-1.0)});
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message.find(
                "callback @narrow failed: output 0 is f64, but was accessed "
                "as a scalar f32"),
            std::string::npos)
      << failed.error().message;
  EXPECT_DOUBLE_EQ(scalarResult(program.call("f", {Array::scalar(1.5)})), 3.0);
}

TEST(CallbackTest, InactiveCallbacksRunOncePerForwardExecutionInOrder) {
  std::vector<std::pair<int64_t, double>> log;
  CallbackRegistry registry = squareAndFails();
  registry.define("log_step", {{{ElementType::I64, {}}, kF64}, {}},
                  [&log](const CallbackInputs &in, const CallbackOutputs &) {
                    log.emplace_back(in.scalar<int64_t>(0),
                                     in.scalar<double>(1));
                  });
  Program program = compileWith(R"(
callback.declare @square : (f64) -> f64
callback.declare @log_step : (i64, f64) -> ()
func.func @steps(%x0: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %x0) -> f64 {
    %s = callback.call @square(%x) : (f64) -> f64
    %k = arith.index_cast %i : index to i64
    callback.call @log_step(%k, %s) : (i64, f64) -> ()
    scf.yield %s : f64
  }
  return %r : f64
}
func.func @dsteps(%x: f64) -> f64 {
  %g = gradient.grad @steps(%x) : (f64) -> f64
  return %g : f64
}
)",
                                registry);
  // steps(x) = x^8, so d/dx = 8 x^7.
  EXPECT_NEAR(scalarResult(program.call("dsteps", {Array::scalar(1.1)})),
              8 * std::pow(1.1, 7), 1e-12);
  ASSERT_EQ(log.size(), 3u);
  for (int64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(log[i].first, i);
    EXPECT_NEAR(log[i].second, std::pow(1.1, 1 << (i + 1)), 1e-12);
  }
}

TEST(CallbackTest, PrintWritesJsonLinesToTheRunsStream) {
  Program program = compileWith(R"(
func.func @f(%x: tensor<2xf64>, %i: i64) -> f64 {
  callback.print %x : tensor<2xf64>
  callback.print %i : i64
  %c0 = arith.constant 0 : index
  %e = tensor.extract %x[%c0] : tensor<2xf64>
  return %e : f64
}
)",
                                CallbackRegistry());
  std::ostringstream out;
  RunOptions options;
  options.printOutput = &out;
  EXPECT_DOUBLE_EQ(
      scalarResult(program.call(
          "f", {Array::vector({0.5, -2.0}), Array::scalar(int64_t(7))},
          options)),
      0.5);
  EXPECT_EQ(out.str(), "[0.5, -2]\n7\n");
}

TEST(CallbackTest, SeveralThreadsCallOneProgramWithCallbacks) {
  CallbackRegistry registry = squareAndFails();
  Program program = compileWith(kChain, registry);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        double x = 0.01 * (t + 1) + 0.001 * i;
        Result<std::vector<Array>> g =
            program.call("dchain", {Array::scalar(x)});
        if (!g.ok() || std::abs(*g.value()[0].as<double>() - 2 * x) > 1e-15)
          ++wrong;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(Counted::alive.load(), 0);
}
