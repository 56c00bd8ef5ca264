// A host function with its own gradient, for compiled programs to call:
// drag(v, c) = c * v * |v|, the quadratic drag of a body moving at speed v.
// Its gradient is given by hand (the forward keeps |v| as its residual), so
// `grad` of a program calling it uses this rule, not finite differences.
#include "cotangent/API/Callbacks.h"

#include <cmath>

using namespace cotangent;

namespace {

const ArrayType kScalar{ElementType::F64, {}};

double drag(double v, double c) { return c * v * std::abs(v); }

/// What the reverse needs from the forward.
struct DragResiduals {
  double v, c, speed;
};

} // namespace

extern "C" void cotangent_register_callbacks(CallbackRegistry &registry) {
  registry.define(
      "drag", {{kScalar, kScalar}, {kScalar}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        out.scalar<double>(0) =
            drag(in.scalar<double>(0), in.scalar<double>(1));
      },
      CallbackGradient<DragResiduals>{
          // Forward: the output, and the residuals.
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            DragResiduals r{in.scalar<double>(0), in.scalar<double>(1), 0};
            r.speed = std::abs(r.v);
            out.scalar<double>(0) = r.c * r.v * r.speed;
            return r;
          },
          // Reverse: d drag/dv = 2 c |v|, d drag/dc = v |v|.
          [](DragResiduals &r, const CallbackInputs &outputCotangents,
             const CallbackOutputs &inputCotangents) {
            double ct = outputCotangents.scalar<double>(0);
            inputCotangents.scalar<double>(0) = 2 * r.c * r.speed * ct;
            inputCotangents.scalar<double>(1) = r.v * r.speed * ct;
          }});
}
