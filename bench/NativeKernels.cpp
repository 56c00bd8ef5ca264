//===- NativeKernels.cpp - the gradient kernels written in C++ ------------===//
//
// Compiled with -O3 -march=native and the compiler's default floating-point
// rules (no -ffast-math): the loops below vectorise only where no sum is
// reordered, as in Cotangent's code.
//
//===----------------------------------------------------------------------===//

#include "NativeKernels.h"

#include <algorithm>
#include <cmath>

namespace {

using native::Inputs;
using native::Outputs;

// --- polynomial: Horner's rule over 100000 coefficients -------------------
constexpr int kPolynomialTerms = 100000;

double polynomial(const Inputs &in) {
  const double x = *in[0], *c = in[1];
  double p = 0;
  for (int i = 0; i < kPolynomialTerms; ++i)
    p = p * x + c[i];
  return p;
}

// d/dx by a tangent carried along Horner's rule; d/dc_i = x^(n-1-i).
void polynomialGradient(const Inputs &in, const Outputs &out,
                        std::vector<double> &) {
  const double x = *in[0], *c = in[1];
  double p = 0, dp = 0;
  for (int i = 0; i < kPolynomialTerms; ++i) {
    dp = dp * x + p;
    p = p * x + c[i];
  }
  *out[0] = dp;
  double power = 1;
  for (int i = kPolynomialTerms - 1; i >= 0; --i) {
    out[1][i] = power;
    power *= x;
  }
}

// --- logsumexp over 100000 values -------------------------------------------
constexpr int kLogSumExpValues = 100000;

double maximumOf(const double *x) {
  double m = -1.0e300;
  for (int i = 0; i < kLogSumExpValues; ++i)
    m = std::max(m, x[i]);
  return m;
}

double logSumExp(const Inputs &in) {
  const double *x = in[0];
  const double m = maximumOf(x);
  double s = 0;
  for (int i = 0; i < kLogSumExpValues; ++i)
    s += std::exp(x[i] - m);
  return std::log(s) + m;
}

// The softmax: exp(x_i - m) / s.
void logSumExpGradient(const Inputs &in, const Outputs &out,
                       std::vector<double> &) {
  const double *x = in[0];
  double *g = out[0];
  const double m = maximumOf(x);
  double s = 0;
  for (int i = 0; i < kLogSumExpValues; ++i) {
    g[i] = std::exp(x[i] - m);
    s += g[i];
  }
  for (int i = 0; i < kLogSumExpValues; ++i)
    g[i] /= s;
}

// --- gmm: log-likelihood of 4000 points under 8 Gaussians -------------------
constexpr int kPoints = 4000, kComponents = 8;
constexpr double kHalfLog2Pi = 1.8378770664093453 * 0.5;

double logNormaliser(const double *w) {
  double z = 0;
  for (int k = 0; k < kComponents; ++k)
    z += std::exp(w[k]);
  return std::log(z);
}

double gmm(const Inputs &in) {
  const double *data = in[0], *mu = in[1], *logSigma = in[2], *w = in[3];
  const double logZ = logNormaliser(w);
  double total = 0;
  for (int i = 0; i < kPoints; ++i) {
    double p = 0;
    for (int k = 0; k < kComponents; ++k) {
      const double u = (data[i] - mu[k]) / std::exp(logSigma[k]);
      p += std::exp(w[k] - u * u * 0.5 - logSigma[k]);
    }
    total += std::log(p) - kHalfLog2Pi - logZ;
  }
  return total;
}

// With r_ik = e_ik / p_i the responsibilities: d/dw_k = sum_i r_ik -
// N softmax(w)_k, d/dmu_k = sum_i r_ik u_ik / s_k, d/dlogsigma_k =
// sum_i r_ik (u_ik^2 - 1).
void gmmGradient(const Inputs &in, const Outputs &out, std::vector<double> &) {
  const double *data = in[0], *mu = in[1], *logSigma = in[2], *w = in[3];
  double *gMu = out[0], *gLogSigma = out[1], *gW = out[2];
  double sigma[kComponents], u[kComponents], e[kComponents];
  for (int k = 0; k < kComponents; ++k) {
    sigma[k] = std::exp(logSigma[k]);
    gMu[k] = gLogSigma[k] = gW[k] = 0;
  }
  for (int i = 0; i < kPoints; ++i) {
    double p = 0;
    for (int k = 0; k < kComponents; ++k) {
      u[k] = (data[i] - mu[k]) / sigma[k];
      e[k] = std::exp(w[k] - u[k] * u[k] * 0.5 - logSigma[k]);
      p += e[k];
    }
    for (int k = 0; k < kComponents; ++k) {
      const double r = e[k] / p;
      gW[k] += r;
      gMu[k] += r * u[k] / sigma[k];
      gLogSigma[k] += r * (u[k] * u[k] - 1);
    }
  }
  const double z = std::exp(logNormaliser(w));
  for (int k = 0; k < kComponents; ++k)
    gW[k] -= kPoints * std::exp(w[k]) / z;
}

// --- network: sum(tanh(tanh(X W1) W2)), X 128x64, W 64x64 -------------------
constexpr int kBatch = 128, kWidth = 64;

// c = a b for row-major a (rows x kWidth) and b (kWidth x kWidth), in the
// i-k-j order whose inner loop runs along rows; each c_ij still sums over k
// in order.
void multiply(const double *a, const double *b, double *c, int rows) {
  std::fill(c, c + rows * kWidth, 0.0);
  for (int i = 0; i < rows; ++i)
    for (int k = 0; k < kWidth; ++k)
      for (int j = 0; j < kWidth; ++j)
        c[i * kWidth + j] += a[i * kWidth + k] * b[k * kWidth + j];
}

double network(const Inputs &in) {
  static thread_local std::vector<double> h1(kBatch * kWidth),
      h2(kBatch * kWidth);
  multiply(in[0], in[1], h1.data(), kBatch);
  for (double &v : h1)
    v = std::tanh(v);
  multiply(h1.data(), in[2], h2.data(), kBatch);
  double s = 0;
  for (double v : h2)
    s += std::tanh(v);
  return s;
}

// Backpropagation: g2 = 1 - tanh(h2)^2, dW2 = a1^T g2, g1 = (g2 W2^T) (1 -
// a1^2), dW1 = X^T g1.
void networkGradient(const Inputs &in, const Outputs &out,
                     std::vector<double> &scratch) {
  const double *x = in[0], *w1 = in[1], *w2 = in[2];
  double *gW1 = out[0], *gW2 = out[1];
  constexpr int kSize = kBatch * kWidth;
  scratch.resize(3 * kSize);
  double *a1 = scratch.data(), *g2 = a1 + kSize, *g1 = g2 + kSize;
  multiply(x, w1, a1, kBatch);
  for (int i = 0; i < kSize; ++i)
    a1[i] = std::tanh(a1[i]);
  multiply(a1, w2, g2, kBatch);
  for (int i = 0; i < kSize; ++i) {
    const double t = std::tanh(g2[i]);
    g2[i] = 1 - t * t;
  }
  std::fill(gW2, gW2 + kWidth * kWidth, 0.0);
  for (int i = 0; i < kBatch; ++i)
    for (int k = 0; k < kWidth; ++k)
      for (int j = 0; j < kWidth; ++j)
        gW2[k * kWidth + j] += a1[i * kWidth + k] * g2[i * kWidth + j];
  for (int i = 0; i < kBatch; ++i)
    for (int k = 0; k < kWidth; ++k) {
      double sum = 0;
      for (int j = 0; j < kWidth; ++j)
        sum += g2[i * kWidth + j] * w2[k * kWidth + j];
      const double a = a1[i * kWidth + k];
      g1[i * kWidth + k] = sum * (1 - a * a);
    }
  std::fill(gW1, gW1 + kWidth * kWidth, 0.0);
  for (int i = 0; i < kBatch; ++i)
    for (int k = 0; k < kWidth; ++k)
      for (int j = 0; j < kWidth; ++j)
        gW1[k * kWidth + j] += x[i * kWidth + k] * g1[i * kWidth + j];
}

// --- ode: 10000 explicit Euler steps of a damped pendulum -------------------
constexpr int kSteps = 10000;
constexpr double kDt = 1.0e-3;

double ode(const Inputs &in) {
  double theta = *in[0], omega = *in[1];
  const double k = *in[2], c = *in[3];
  for (int i = 0; i < kSteps; ++i) {
    const double acceleration = -(k * std::sin(theta) + c * omega);
    const double nextTheta = theta + omega * kDt;
    omega += acceleration * kDt;
    theta = nextTheta;
  }
  return theta * theta + omega * omega;
}

// The states of the forward sweep kept, then the adjoint run backwards.
void odeGradient(const Inputs &in, const Outputs &out,
                 std::vector<double> &scratch) {
  double theta = *in[0], omega = *in[1];
  const double k = *in[2], c = *in[3];
  scratch.resize(2 * kSteps);
  double *thetas = scratch.data(), *omegas = thetas + kSteps;
  for (int i = 0; i < kSteps; ++i) {
    thetas[i] = theta;
    omegas[i] = omega;
    const double acceleration = -(k * std::sin(theta) + c * omega);
    const double nextTheta = theta + omega * kDt;
    omega += acceleration * kDt;
    theta = nextTheta;
  }
  double gTheta = 2 * theta, gOmega = 2 * omega, gK = 0, gC = 0;
  for (int i = kSteps - 1; i >= 0; --i) {
    const double gAcceleration = gOmega * kDt;
    gK -= gAcceleration * std::sin(thetas[i]);
    gC -= gAcceleration * omegas[i];
    const double previousTheta =
        gTheta - gAcceleration * k * std::cos(thetas[i]);
    gOmega = gTheta * kDt + gOmega - gAcceleration * c;
    gTheta = previousTheta;
  }
  *out[0] = gTheta;
  *out[1] = gOmega;
  *out[2] = gK;
  *out[3] = gC;
}

// --- matvec: 50 steps of x <- tanh(A x), A 128x128; loss sum(x) -------------
constexpr int kDimension = 128, kMatvecSteps = 50;

void tanhMatvec(const double *a, const double *x, double *y) {
  for (int i = 0; i < kDimension; ++i) {
    double dot = 0;
    for (int j = 0; j < kDimension; ++j)
      dot += a[i * kDimension + j] * x[j];
    y[i] = std::tanh(dot);
  }
}

double matvec(const Inputs &in) {
  double x[kDimension], y[kDimension];
  std::copy(in[1], in[1] + kDimension, x);
  for (int s = 0; s < kMatvecSteps; ++s) {
    tanhMatvec(in[0], x, y);
    std::copy(y, y + kDimension, x);
  }
  double sum = 0;
  for (double v : x)
    sum += v;
  return sum;
}

// Every step's input kept; backwards, with y = tanh(A x): gz = gy (1 - y^2),
// dA += gz x^T, gx = A^T gz.
void matvecGradient(const Inputs &in, const Outputs &out,
                    std::vector<double> &scratch) {
  const double *a = in[0];
  double *gA = out[0], *gX = out[1];
  scratch.resize((kMatvecSteps + 1) * kDimension);
  double *xs = scratch.data();
  std::copy(in[1], in[1] + kDimension, xs);
  for (int s = 0; s < kMatvecSteps; ++s)
    tanhMatvec(a, xs + s * kDimension, xs + (s + 1) * kDimension);
  std::fill(gA, gA + kDimension * kDimension, 0.0);
  double gY[kDimension];
  std::fill(gY, gY + kDimension, 1.0);
  for (int s = kMatvecSteps - 1; s >= 0; --s) {
    const double *x = xs + s * kDimension, *y = x + kDimension;
    std::fill(gX, gX + kDimension, 0.0);
    for (int i = 0; i < kDimension; ++i) {
      const double gz = gY[i] * (1 - y[i] * y[i]);
      for (int j = 0; j < kDimension; ++j) {
        gA[i * kDimension + j] += gz * x[j];
        gX[j] += a[i * kDimension + j] * gz;
      }
    }
    std::copy(gX, gX + kDimension, gY);
  }
}

} // namespace

const std::vector<native::Kernel> &native::kernels() {
  static const std::vector<Kernel> all = {
      {"polynomial", polynomial, polynomialGradient},
      {"logsumexp", logSumExp, logSumExpGradient},
      {"gmm", gmm, gmmGradient},
      {"network", network, networkGradient},
      {"ode", ode, odeGradient},
      {"matvec", matvec, matvecGradient},
  };
  return all;
}
