// A host of the library compile.test makes: calls it before registering its
// callback (an error), then registers it and calls every entry, printing
// what it computes itself beside what the library returns.
#include "aot-program.h"

#include "cotangent/API/Callbacks.h"

#include <cmath>
#include <cstdio>

using namespace cotangent;

int main() {
  double y, w[3], v[3] = {0.5, 2, -3};
  int status = cot_f(2.0, v, &y, w);
  std::printf("unbound: %d %s\n", status, cot_last_error());

  const ArrayType f64{ElementType::F64, {}};
  processCallbacks().define(
      "scaled_sin", {{f64, f64}, {f64}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        out.scalar<double>(0) =
            in.scalar<double>(0) * std::sin(in.scalar<double>(1));
      },
      CallbackGradient<std::pair<double, double>>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            double a = in.scalar<double>(0), b = in.scalar<double>(1);
            out.scalar<double>(0) = a * std::sin(b);
            return std::pair{a, b};
          },
          [](std::pair<double, double> &r, const CallbackInputs &ct,
             const CallbackOutputs &d) {
            d.scalar<double>(0) = ct.scalar<double>(0) * std::sin(r.second);
            d.scalar<double>(1) =
                ct.scalar<double>(0) * r.first * std::cos(r.second);
          }});

  status = cot_f(2.0, v, &y, w);
  std::printf("f: %d %.15f %.15f | %g %g %g\n", status, y, 2 * std::sin(0.5),
              w[0], w[1], w[2]);
  double ga, gb, a = 2.0, b = 0.5, s = a * std::sin(b);
  status = cot_dg(a, b, &ga, &gb);
  std::printf("dg: %d %.15f %.15f %.15f %.15f\n", status, ga,
              2 * s * std::sin(b), gb, 2 * s * a * std::cos(b));
  int64_t q;
  status = cot_divide(7, 0, &q);
  std::printf("divide by zero: %d %s\n", status, cot_last_error());
  status = cot_divide(7, 2, &q);
  std::printf("divide: %d %lld\n", status, static_cast<long long>(q));
  double x[4] = {1, 2, 3, 4};
  status = cot_reverse(x, x);
  std::printf("reverse in place: %d %g %g %g %g\n", status, x[0], x[1], x[2],
              x[3]);
}
