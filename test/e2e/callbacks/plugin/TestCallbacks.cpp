//===- TestCallbacks.cpp - the callback plugin of the lit tests -----------===//
//
// Host functions with known derivatives, loaded by `cot run --load`. Each
// gradient is written by hand here; the tests compare the results with
// analytic derivatives computed in Python.
//
//===----------------------------------------------------------------------===//
#include "cotangent/API/Callbacks.h"

#include <cmath>
#include <iostream>
#include <stdexcept>
#include <vector>

using namespace cotangent;

namespace {

ArrayType scalar(ElementType element = ElementType::F64) {
  return {element, {}};
}
ArrayType vector(int64_t size) { return {ElementType::F64, {size}}; }

struct Pair {
  double a, b;
};

/// Residuals of several buffers: the input and its exponentials.
struct ExpResiduals {
  std::vector<double> x, e;
};

void registerScalarCallbacks(CallbackRegistry &registry) {
  // a * sin(b), with its true gradient.
  registry.define(
      "scaled_sin", {{scalar(), scalar()}, {scalar()}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        out.scalar<double>(0) =
            in.scalar<double>(0) * std::sin(in.scalar<double>(1));
      },
      CallbackGradient<Pair>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            Pair p{in.scalar<double>(0), in.scalar<double>(1)};
            out.scalar<double>(0) = p.a * std::sin(p.b);
            return p;
          },
          [](Pair &p, const CallbackInputs &ct, const CallbackOutputs &dIn) {
            double c = ct.scalar<double>(0);
            dIn.scalar<double>(0) = c * std::sin(p.b);
            dIn.scalar<double>(1) = c * p.a * std::cos(p.b);
          }});
  // 2x, whose registered "gradient" is 7: tests see which rule is used.
  registry.define(
      "fake_double", {{scalar()}, {scalar()}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        out.scalar<double>(0) = 2 * in.scalar<double>(0);
      },
      CallbackGradient<int>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            out.scalar<double>(0) = 2 * in.scalar<double>(0);
            return 0;
          },
          [](int &, const CallbackInputs &ct, const CallbackOutputs &dIn) {
            dIn.scalar<double>(0) = 7 * ct.scalar<double>(0);
          }});
  // 2x again, with a reverse rule of 7 and a JVP rule of 5: tests see which
  // rule each mode uses.
  auto twice = [](const CallbackInputs &in, const CallbackOutputs &out) {
    out.scalar<double>(0) = 2 * in.scalar<double>(0);
  };
  registry.define(
      "fake_with_jvp", {{scalar()}, {scalar()}}, twice,
      CallbackGradient<int>{
          [twice](const CallbackInputs &in, const CallbackOutputs &out) {
            twice(in, out);
            return 0;
          },
          [](int &, const CallbackInputs &ct, const CallbackOutputs &dIn) {
            dIn.scalar<double>(0) = 7 * ct.scalar<double>(0);
          },
          [twice](const CallbackInputs &in, const CallbackInputs &t,
                  const CallbackOutputs &out, const CallbackOutputs &tOut) {
            twice(in, out);
            tOut.scalar<double>(0) = 5 * t.scalar<double>(0);
          }});
  // x^3 without a gradient.
  registry.define("cube_no_gradient", {{scalar()}, {scalar()}},
                  [](const CallbackInputs &in, const CallbackOutputs &out) {
                    double x = in.scalar<double>(0);
                    out.scalar<double>(0) = x * x * x;
                  });
  // An inactive callback: writes its arguments to standard error.
  registry.define("log_step", {{scalar(ElementType::I64), scalar()}, {}},
                  [](const CallbackInputs &in, const CallbackOutputs &) {
                    std::cerr << "log_step " << in.scalar<int64_t>(0) << " "
                              << in.scalar<double>(1) << "\n";
                  });
  registry.define("throws", {{scalar()}, {scalar()}},
                  [](const CallbackInputs &in, const CallbackOutputs &) {
                    throw std::runtime_error(
                        "deliberate failure at x = " +
                        std::to_string(in.scalar<double>(0)));
                  });
  // Writes its f64 result as an f32: a host error the binding must catch.
  registry.define("wrong_dtype", {{scalar()}, {scalar()}},
                  [](const CallbackInputs &in, const CallbackOutputs &out) {
                    out.scalar<float>(0) = float(in.scalar<double>(0));
                  });
}

void registerArrayCallbacks(CallbackRegistry &registry) {
  // Array in, scalar out: x . x.
  registry.define(
      "norm2", {{vector(3)}, {scalar()}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        double sum = 0;
        for (double x : in.array<double>(0))
          sum += x * x;
        out.scalar<double>(0) = sum;
      },
      CallbackGradient<std::vector<double>>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            ArrayView<const double> x = in.array<double>(0);
            double sum = 0;
            for (double v : x)
              sum += v * v;
            out.scalar<double>(0) = sum;
            return std::vector<double>(x.begin(), x.end());
          },
          [](std::vector<double> &x, const CallbackInputs &ct,
             const CallbackOutputs &dIn) {
            ArrayView<double> dx = dIn.array<double>(0);
            for (int64_t i = 0; i < dx.size(); ++i)
              dx[i] = 2 * x[i] * ct.scalar<double>(0);
          }});
  // Scalar in, array out: [x, x^2, x^3], with a JVP.
  registry.define(
      "powers", {{scalar()}, {vector(3)}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        double x = in.scalar<double>(0);
        ArrayView<double> y = out.array<double>(0);
        y[0] = x, y[1] = x * x, y[2] = x * x * x;
      },
      CallbackGradient<double>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            double x = in.scalar<double>(0);
            ArrayView<double> y = out.array<double>(0);
            y[0] = x, y[1] = x * x, y[2] = x * x * x;
            return x;
          },
          [](double &x, const CallbackInputs &ct, const CallbackOutputs &dIn) {
            ArrayView<const double> c = ct.array<double>(0);
            dIn.scalar<double>(0) = c[0] + 2 * x * c[1] + 3 * x * x * c[2];
          },
          [](const CallbackInputs &in, const CallbackInputs &t,
             const CallbackOutputs &out, const CallbackOutputs &tOut) {
            double x = in.scalar<double>(0), tx = t.scalar<double>(0);
            ArrayView<double> y = out.array<double>(0);
            ArrayView<double> ty = tOut.array<double>(0);
            y[0] = x, y[1] = x * x, y[2] = x * x * x;
            ty[0] = tx, ty[1] = 2 * x * tx, ty[2] = 3 * x * x * tx;
          }});
  // Several inputs and outputs: (x, v) -> (x v0 v1, [x + v0, x v1]).
  registry.define(
      "mix", {{scalar(), vector(2)}, {scalar(), vector(2)}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        double x = in.scalar<double>(0);
        ArrayView<const double> v = in.array<double>(1);
        out.scalar<double>(0) = x * v[0] * v[1];
        ArrayView<double> w = out.array<double>(1);
        w[0] = x + v[0], w[1] = x * v[1];
      },
      CallbackGradient<std::vector<double>>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            double x = in.scalar<double>(0);
            ArrayView<const double> v = in.array<double>(1);
            out.scalar<double>(0) = x * v[0] * v[1];
            ArrayView<double> w = out.array<double>(1);
            w[0] = x + v[0], w[1] = x * v[1];
            return std::vector<double>{x, v[0], v[1]};
          },
          [](std::vector<double> &r, const CallbackInputs &ct,
             const CallbackOutputs &dIn) {
            double x = r[0], v0 = r[1], v1 = r[2];
            double c = ct.scalar<double>(0);
            ArrayView<const double> cw = ct.array<double>(1);
            dIn.scalar<double>(0) = c * v0 * v1 + cw[0] + cw[1] * v1;
            ArrayView<double> dv = dIn.array<double>(1);
            dv[0] = c * x * v1 + cw[0];
            dv[1] = c * x * v0 + cw[1] * x;
          }});
  // exp elementwise, keeping two buffers as residuals.
  registry.define(
      "exp2v", {{vector(2)}, {vector(2)}},
      [](const CallbackInputs &in, const CallbackOutputs &out) {
        for (int64_t i = 0; i < 2; ++i)
          out.array<double>(0)[i] = std::exp(in.array<double>(0)[i]);
      },
      CallbackGradient<ExpResiduals>{
          [](const CallbackInputs &in, const CallbackOutputs &out) {
            ExpResiduals r;
            for (int64_t i = 0; i < 2; ++i) {
              r.x.push_back(in.array<double>(0)[i]);
              r.e.push_back(std::exp(r.x.back()));
              out.array<double>(0)[i] = r.e.back();
            }
            return r;
          },
          [](ExpResiduals &r, const CallbackInputs &ct,
             const CallbackOutputs &dIn) {
            for (int64_t i = 0; i < 2; ++i)
              dIn.array<double>(0)[i] = r.e[i] * ct.array<double>(0)[i];
          }});
}

} // namespace

extern "C" void cotangent_register_callbacks(CallbackRegistry &registry) {
  registerScalarCallbacks(registry);
  registerArrayCallbacks(registry);
}
