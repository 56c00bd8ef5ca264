// The embedding API end to end: compile, call, and recover from every kind of
// error in the same process.
#include "cotangent/API/Cotangent.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cotangent;

namespace {

const char *const kCircuit = R"(
func.func @expz(%theta: f64) -> f64 {
  %r = quantum.alloc(2) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%theta) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
func.func @pick(%i: i64) -> f64 {
  %r = quantum.alloc(2) : !quantum.reg
  %q = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  %z = quantum.namedobs %q[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  return %e : f64
}
func.func @scale(%x: tensor<3xf64>, %s: f64) -> tensor<3xf64> {
  %init = tensor.empty() : tensor<3xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<3xf64>) outs(%init : tensor<3xf64>) {
  ^bb0(%a: f64, %b: f64):
    %m = arith.mulf %a, %s : f64
    linalg.yield %m : f64
  } -> tensor<3xf64>
  return %y : tensor<3xf64>
}
)";

Program compileOrDie(const char *source) {
  Result<Program> program = Program::compile(source, "test.mlir");
  if (!program)
    ADD_FAILURE() << program.error().message;
  return std::move(program.value());
}

} // namespace

TEST(ProgramTest, ListsEntryPointsWithTheirTypes) {
  Program program = compileOrDie(kCircuit);
  const EntryPoint *scale = program.findEntryPoint("scale");
  ASSERT_NE(scale, nullptr);
  ASSERT_EQ(scale->arguments.size(), 2u);
  EXPECT_EQ(scale->arguments[0].str(), "tensor<3xf64>");
  EXPECT_EQ(scale->results[0].str(), "tensor<3xf64>");
  EXPECT_EQ(program.findEntryPoint("nothing"), nullptr);
}

TEST(ProgramTest, ExpvalAfterRXIsCosine) {
  Program program = compileOrDie(kCircuit);
  for (double theta : {0.0, 0.3, 1.7, -2.2}) {
    auto results = program.call("expz", {Array::scalar(theta)});
    ASSERT_TRUE(results) << results.error().message;
    EXPECT_NEAR(*results->at(0).as<double>(), std::cos(theta), 1e-14);
  }
}

TEST(ProgramTest, TensorsGoInAndComeOut) {
  Program program = compileOrDie(kCircuit);
  Array x = Array::vector({1.0, -2.0, 0.5});
  auto results = program.call("scale", {x, Array::scalar(3.0)});
  ASSERT_TRUE(results) << results.error().message;
  const double *y = results->at(0).as<double>();
  EXPECT_EQ(y[0], 3.0);
  EXPECT_EQ(y[1], -6.0);
  EXPECT_EQ(y[2], 1.5);
  EXPECT_EQ(x.as<double>()[1], -2.0) << "arguments must not be modified";
}

TEST(ProgramTest, CompileErrorsCarryLocations) {
  Result<Program> program = Program::compile(R"(
func.func @main() -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "Frobnicate"() %q : !quantum.bit
  %c = arith.constant 0.0 : f64
  return %c : f64
}
)",
                                             "bad.mlir");
  ASSERT_FALSE(program);
  EXPECT_EQ(program.error().kind, Error::Kind::Compile);
  EXPECT_NE(program.error().message.find("bad.mlir:5:9"), std::string::npos)
      << program.error().message;
  EXPECT_NE(program.error().message.find("unknown gate 'Frobnicate'"),
            std::string::npos);
}

TEST(ProgramTest, UsageErrorsNameTheProblem) {
  Program program = compileOrDie(kCircuit);
  auto unknown = program.call("mian", {});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, Error::Kind::Usage);
  EXPECT_NE(unknown.error().message.find("mian"), std::string::npos);

  auto count = program.call("expz", {});
  ASSERT_FALSE(count);
  EXPECT_EQ(count.error().kind, Error::Kind::Usage);

  auto type = program.call("expz", {Array::scalar(int64_t{1})});
  ASSERT_FALSE(type);
  EXPECT_NE(type.error().message.find("must be f64, got i64"),
            std::string::npos)
      << type.error().message;
}

TEST(ProgramTest, RuntimeErrorsLeaveTheProcessUsable) {
  Program program = compileOrDie(kCircuit);
  auto bad = program.call("pick", {Array::scalar(int64_t{5})});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, Error::Kind::Runtime);
  EXPECT_NE(bad.error().message.find("test.mlir:"), std::string::npos)
      << bad.error().message;

  // The same program, and a freshly compiled one, still work.
  auto good = program.call("pick", {Array::scalar(int64_t{1})});
  ASSERT_TRUE(good) << good.error().message;
  EXPECT_EQ(*good->at(0).as<double>(), 1.0);
  Program again = compileOrDie(kCircuit);
  auto expz = again.call("expz", {Array::scalar(0.0)});
  ASSERT_TRUE(expz);
  EXPECT_NEAR(*expz->at(0).as<double>(), 1.0, 1e-15);
}

TEST(ProgramTest, TooManyQubitsIsARuntimeError) {
  Program program = compileOrDie(R"(
func.func @main() -> f64 {
  %r = quantum.alloc(60) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %z = quantum.namedobs %q[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  return %e : f64
}
)");
  auto result = program.call("main", {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().kind, Error::Kind::Runtime);
  EXPECT_NE(result.error().message.find("60 qubits"), std::string::npos)
      << result.error().message;
}

TEST(ProgramTest, CallIntoWritesPreallocatedResults) {
  Program program = compileOrDie(kCircuit);
  std::vector<Array> results{Array({ElementType::F64, {3}})};
  const double *before = results[0].as<double>();
  for (double s : {2.0, -1.0}) {
    auto done = program.callInto(
        "scale", {Array::vector({1.0, -2.0, 0.5}), Array::scalar(s)}, results);
    ASSERT_TRUE(done) << done.error().message;
    EXPECT_EQ(results[0].as<double>(), before) << "the array is reused";
    EXPECT_EQ(results[0].as<double>()[1], -2.0 * s);
  }
}

TEST(ProgramTest, CallIntoRefusesResultArraysThatDoNotFit) {
  Program program = compileOrDie(kCircuit);
  std::vector<Array> arguments{Array::vector({1.0, 2.0, 3.0}),
                               Array::scalar(1.0)};
  std::vector<Array> none;
  auto count = program.callInto("scale", arguments, none);
  ASSERT_FALSE(count);
  EXPECT_EQ(count.error().kind, Error::Kind::Usage);
  EXPECT_NE(count.error().message.find("returns 1 result(s)"),
            std::string::npos)
      << count.error().message;

  std::vector<Array> wrong{Array({ElementType::F64, {4}})};
  auto type = program.callInto("scale", arguments, wrong);
  ASSERT_FALSE(type);
  EXPECT_NE(type.error().message.find(
                "result 0 of @scale is tensor<3xf64>, but its array is "
                "tensor<4xf64>"),
            std::string::npos)
      << type.error().message;
}

TEST(ProgramTest, CallIntoUpdatesInPlace) {
  // y[i] = x[3 - i] reads x after writing y: with one array for both, the
  // argument must be read as it was before the call.
  Program program = compileOrDie(R"(
func.func @reverse(%x: tensor<4xf64>) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xf64>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %e) -> (tensor<4xf64>) {
    %j = arith.subi %c3, %i : index
    %v = tensor.extract %x[%j] : tensor<4xf64>
    %n = tensor.insert %v into %acc[%i] : tensor<4xf64>
    scf.yield %n : tensor<4xf64>
  }
  return %r : tensor<4xf64>
}
)");
  std::vector<Array> state{Array::vector({1.0, 2.0, 3.0, 4.0})};
  auto done = program.callInto("reverse", state, state);
  ASSERT_TRUE(done) << done.error().message;
  const double *x = state[0].as<double>();
  EXPECT_EQ(std::vector<double>(x, x + 4),
            (std::vector<double>{4.0, 3.0, 2.0, 1.0}));
}

TEST(ProgramTest, ArgumentsAreNeverWritten) {
  // @bump updates its tensor argument in place as far as the program can
  // tell; the host's array must keep its values, call after call.
  Program program = compileOrDie(R"(
func.func @bump(%x: tensor<3xf64>) -> tensor<3xf64> {
  %c1 = arith.constant 1 : index
  %v = tensor.extract %x[%c1] : tensor<3xf64>
  %one = arith.constant 1.0 : f64
  %w = arith.addf %v, %one : f64
  %y = tensor.insert %w into %x[%c1] : tensor<3xf64>
  return %y : tensor<3xf64>
}
)");
  Array x = Array::vector({1.0, 2.0, 3.0});
  std::vector<Array> results{Array({ElementType::F64, {3}})};
  for (int call = 0; call < 2; ++call) {
    auto done = program.callInto("bump", {x}, results);
    ASSERT_TRUE(done) << done.error().message;
    EXPECT_EQ(results[0].as<double>()[1], 3.0);
    EXPECT_EQ(x.as<double>()[1], 2.0) << "the argument was written";
  }
}
