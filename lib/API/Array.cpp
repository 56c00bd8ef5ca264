//===- Array.cpp - arrays passed to and from entry points -----------------===//
#include "cotangent/API/Cotangent.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>

using namespace cotangent;

const char *cotangent::elementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F64:
    return "f64";
  case ElementType::F32:
    return "f32";
  case ElementType::I64:
    return "i64";
  case ElementType::I1:
    return "i1";
  case ElementType::Complex128:
    return "complex<f64>";
  }
  return "?";
}

std::size_t cotangent::elementSize(ElementType type) {
  switch (type) {
  case ElementType::F64:
  case ElementType::I64:
    return 8;
  case ElementType::F32:
    return 4;
  case ElementType::I1:
    return 1;
  case ElementType::Complex128:
    return 16;
  }
  return 0;
}

int64_t ArrayType::numElements() const {
  return std::accumulate(shape.begin(), shape.end(), int64_t{1},
                         std::multiplies<int64_t>());
}

std::string ArrayType::str() const {
  if (shape.empty())
    return elementTypeName(element);
  std::string text = "tensor<";
  for (int64_t dim : shape)
    text += std::to_string(dim) + "x";
  return text + elementTypeName(element) + ">";
}

Array::Array(ArrayType type)
    : type_(std::move(type)),
      storage_((type_.numElements() * elementSize(type_.element) +
                sizeof(uint64_t) - 1) /
               sizeof(uint64_t)) {}

Array Array::scalar(double value) {
  Array array({ElementType::F64, {}});
  *array.as<double>() = value;
  return array;
}

Array Array::scalar(float value) {
  Array array({ElementType::F32, {}});
  *array.as<float>() = value;
  return array;
}

Array Array::scalar(int64_t value) {
  Array array({ElementType::I64, {}});
  *array.as<int64_t>() = value;
  return array;
}

Array Array::scalar(bool value) {
  Array array({ElementType::I1, {}});
  *array.as<uint8_t>() = value ? 1 : 0;
  return array;
}

Array Array::vector(const std::vector<double> &values) {
  Array array({ElementType::F64, {static_cast<int64_t>(values.size())}});
  std::memcpy(array.data(), values.data(), values.size() * sizeof(double));
  return array;
}

namespace {

void formatElement(const char *in, ElementType type, std::string &out) {
  char buffer[64];
  switch (type) {
  case ElementType::F64:
  case ElementType::F32: {
    double value = type == ElementType::F64
                       ? *reinterpret_cast<const double *>(in)
                       : *reinterpret_cast<const float *>(in);
    if (std::isnan(value))
      out += "NaN";
    else if (std::isinf(value))
      out += value > 0 ? "Infinity" : "-Infinity";
    else {
      std::snprintf(buffer, sizeof buffer, "%.17g", value);
      out += buffer;
    }
    return;
  }
  case ElementType::I64:
    out += std::to_string(*reinterpret_cast<const int64_t *>(in));
    return;
  case ElementType::I1:
    out += *reinterpret_cast<const uint8_t *>(in) ? "true" : "false";
    return;
  case ElementType::Complex128:
    out += "[";
    formatElement(in, ElementType::F64, out);
    out += ", ";
    formatElement(in + 8, ElementType::F64, out);
    out += "]";
    return;
  }
}

void formatNested(const char *&in, const std::vector<int64_t> &shape,
                  size_t depth, ElementType type, std::string &out) {
  if (depth == shape.size()) {
    formatElement(in, type, out);
    in += elementSize(type);
    return;
  }
  out += "[";
  for (int64_t i = 0; i < shape[depth]; ++i) {
    if (i)
      out += ", ";
    formatNested(in, shape, depth + 1, type, out);
  }
  out += "]";
}

} // namespace

std::string cotangent::toJson(const Array &array) {
  std::string out;
  const char *in = static_cast<const char *>(array.data());
  formatNested(in, array.shape(), 0, array.type().element, out);
  return out;
}
