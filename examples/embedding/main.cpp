// Compiles a one-qubit circuit and evaluates <Z> after RX(theta) for a few
// angles, through the C++ embedding API.
#include "cotangent/API/Cotangent.h"

#include <cmath>
#include <cstdio>

static const char *const kProgram = R"(
func.func @main(%theta: f64) -> f64 {
  %r = quantum.alloc(1) : !quantum.reg
  %q = quantum.extract %r[0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%theta) %q : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}
)";

int main() {
  cotangent::Result<cotangent::Program> program =
      cotangent::Program::compile(kProgram, "embedded.mlir");
  if (!program) {
    std::fprintf(stderr, "%s\n", program.error().message.c_str());
    return 1;
  }
  for (double theta : {0.0, 0.5, 1.0}) {
    auto results = program->call("main", {cotangent::Array::scalar(theta)});
    if (!results) {
      std::fprintf(stderr, "%s\n", results.error().message.c_str());
      return 1;
    }
    double expval = *results->front().as<double>();
    std::printf("theta=%.2f <Z>=%.17g cos(theta)=%.17g\n", theta, expval,
                std::cos(theta));
    if (std::fabs(expval - std::cos(theta)) > 1e-12)
      return 2;
  }
  return 0;
}
