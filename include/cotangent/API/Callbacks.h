//===- Callbacks.h - host functions that compiled programs call -*- C++ -*-===//
//
// A program declares the host functions it calls (`callback.declare`); the
// host registers each under its name with its signature, a primal and,
// optionally, a custom gradient, in a CallbackRegistry, and compiles the
// program with it (CompileOptions::callbacks). The program is bound once,
// then: no name lookup and no allocation happens per primal call.
//
//   cotangent::CallbackRegistry registry;
//   using cotangent::ElementType;
//   cotangent::CallbackSignature scalarFunction{{{ElementType::F64, {}}},
//                                               {{ElementType::F64, {}}}};
//   registry.define("cube", scalarFunction,
//       [](const cotangent::CallbackInputs &in,
//          const cotangent::CallbackOutputs &out) {
//         double x = in.scalar<double>(0);
//         out.scalar<double>(0) = x * x * x;
//       },
//       cotangent::CallbackGradient<double>{
//           [](const cotangent::CallbackInputs &in,
//              const cotangent::CallbackOutputs &out) {
//             double x = in.scalar<double>(0);
//             out.scalar<double>(0) = x * x * x;
//             return x; // the residuals: any C++ type
//           },
//           [](double &x, const cotangent::CallbackInputs &outputCotangents,
//              const cotangent::CallbackOutputs &inputCotangents) {
//             inputCotangents.scalar<double>(0) =
//                 3 * x * x * outputCotangents.scalar<double>(0);
//           }});
//
// Values arrive as typed views of the compiled code's own buffers (no copy);
// results and cotangents are written into buffers the compiled code
// provides. Whatever a callback throws ends the call with a run-time error
// that names the callback and carries the exception's message.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_API_CALLBACKS_H
#define COTANGENT_API_CALLBACKS_H

#include "cotangent/API/Cotangent.h"

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cotangent {

/// The types a callback takes and returns: f64, f32, i64 and i1 scalars and
/// statically shaped arrays of them.
struct CallbackSignature {
  std::vector<ArrayType> inputs;
  std::vector<ArrayType> outputs;
  /// "(f64, tensor<2xf64>) -> f64", as callback.declare spells it.
  std::string str() const;
  bool operator==(const CallbackSignature &other) const = default;
};

namespace detail {
template <typename T> constexpr ElementType elementTypeOf() {
  using Element = std::remove_const_t<T>;
  static_assert(
      std::is_same_v<Element, double> || std::is_same_v<Element, float> ||
          std::is_same_v<Element, int64_t> || std::is_same_v<Element, bool>,
      "callbacks exchange double, float, int64_t and bool");
  if constexpr (std::is_same_v<Element, double>)
    return ElementType::F64;
  else if constexpr (std::is_same_v<Element, float>)
    return ElementType::F32;
  else if constexpr (std::is_same_v<Element, int64_t>)
    return ElementType::I64;
  else
    return ElementType::I1;
}
/// Throws std::invalid_argument: value `index` of `side` is not what was
/// asked for.
[[noreturn]] void throwAccessMismatch(const char *side, std::size_t index,
                                      const ArrayType &type,
                                      ElementType requested, bool scalar);
} // namespace detail

/// A typed view of one array of the compiled code (row-major, no copy);
/// T is const for inputs.
template <typename T> class ArrayView {
public:
  ArrayView(T *data, std::span<const int64_t> shape)
      : data_(data), shape_(shape) {}
  T *data() const { return data_; }
  std::span<const int64_t> shape() const { return shape_; }
  int64_t size() const {
    int64_t count = 1;
    for (int64_t extent : shape_)
      count *= extent;
    return count;
  }
  /// The element at row-major position `i`.
  T &operator[](int64_t i) const { return data_[i]; }
  T *begin() const { return data_; }
  T *end() const { return data_ + size(); }

private:
  T *data_;
  std::span<const int64_t> shape_;
};

/// One side of a callback call: its inputs, its outputs, or their
/// cotangents. Asking for another element type or rank than the declared one
/// throws std::invalid_argument.
template <bool Writable> class CallbackValues {
  template <typename T>
  using Element = std::conditional_t<Writable, T, const T>;

public:
  CallbackValues(void *const *buffers, const std::vector<ArrayType> &types,
                 const char *side)
      : buffers_(buffers), types_(&types), side_(side) {}

  std::size_t size() const { return types_->size(); }
  const ArrayType &type(std::size_t i) const { return types_->at(i); }

  template <typename T> ArrayView<Element<T>> array(std::size_t i) const {
    check<T>(i, false);
    return {static_cast<Element<T> *>(buffers_[i]), (*types_)[i].shape};
  }
  /// A scalar (rank 0): by value for inputs, by reference for outputs.
  template <typename T>
  std::conditional_t<Writable, T &, T> scalar(std::size_t i) const {
    check<T>(i, true);
    return *static_cast<Element<T> *>(buffers_[i]);
  }

private:
  template <typename T> void check(std::size_t i, bool scalar) const {
    const ArrayType &declared = types_->at(i);
    if (declared.element != detail::elementTypeOf<T>() ||
        (scalar && !declared.shape.empty()))
      detail::throwAccessMismatch(side_, i, declared,
                                  detail::elementTypeOf<T>(), scalar);
  }
  void *const *buffers_;
  const std::vector<ArrayType> *types_;
  const char *side_;
};

/// What a callback reads: its inputs, or the cotangents of its outputs.
using CallbackInputs = CallbackValues<false>;
/// What a callback writes: its outputs, or the cotangents of its inputs.
using CallbackOutputs = CallbackValues<true>;

/// A callback's primal: writes every output from the inputs.
using CallbackFunction = std::function<void(const CallbackInputs &inputs,
                                            const CallbackOutputs &outputs)>;

/// A callback's forward-mode derivative (see CallbackGradient).
using CallbackJVP = std::function<void(
    const CallbackInputs &inputs, const CallbackInputs &inputTangents,
    const CallbackOutputs &outputs, const CallbackOutputs &outputTangents)>;

/// A callback's custom gradient, a pair like gradient.custom_grad's:
/// `forward` writes the outputs (as the primal does) and returns the
/// residuals the reverse needs, of any type the host chooses; `reverse`
/// receives them with the outputs' cotangents and writes the inputs'
/// cotangents (zero-filled before the call; those of integer inputs are
/// ignored). Each forward call is matched by exactly one reverse call, or
/// its residuals are destroyed when the program call ends. `jvp`
/// (optional) is forward mode: from the inputs and their tangents it
/// writes the outputs and their tangents (zero-filled before the call;
/// integer inputs' tangents are zero). Without it, forward-mode derivatives
/// through the callback are built from `reverse`, one call per output
/// element.
template <typename Residuals> struct CallbackGradient {
  std::function<Residuals(const CallbackInputs &inputs,
                          const CallbackOutputs &outputs)>
      forward;
  std::function<void(Residuals &residuals,
                     const CallbackInputs &outputCotangents,
                     const CallbackOutputs &inputCotangents)>
      reverse;
  CallbackJVP jvp = nullptr;
};

/// Host functions by name, for programs to be bound to.
class CallbackRegistry {
public:
  /// What is registered under one name (used by Program::compile).
  struct Entry;

  CallbackRegistry();
  CallbackRegistry(CallbackRegistry &&) noexcept;
  CallbackRegistry &operator=(CallbackRegistry &&) noexcept;
  ~CallbackRegistry();

  /// Registers `name` without a gradient. Throws std::invalid_argument when
  /// the name is taken or the signature has a type callbacks cannot
  /// exchange.
  void define(std::string name, CallbackSignature signature,
              CallbackFunction primal);
  /// Registers `name` with a custom gradient.
  template <typename Residuals>
  void define(std::string name, CallbackSignature signature,
              CallbackFunction primal, CallbackGradient<Residuals> gradient);

  bool contains(std::string_view name) const;
  /// The registered names, sorted.
  std::vector<std::string> names() const;
  /// Null when nothing is registered under `name`.
  std::shared_ptr<const Entry> find(std::string_view name) const;

private:
  /// The gradient with its residuals' type erased.
  struct ErasedGradient {
    std::function<void *(const CallbackInputs &, const CallbackOutputs &)>
        forward;
    std::function<void(void *, const CallbackInputs &, const CallbackOutputs &)>
        reverse;
    void (*release)(void *) = nullptr;
    CallbackJVP jvp;
  };
  void add(std::string name, CallbackSignature signature,
           CallbackFunction primal, std::optional<ErasedGradient> gradient);

  std::map<std::string, std::shared_ptr<const Entry>, std::less<>> entries_;
};

template <typename Residuals>
void CallbackRegistry::define(std::string name, CallbackSignature signature,
                              CallbackFunction primal,
                              CallbackGradient<Residuals> gradient) {
  ErasedGradient erased;
  if (gradient.forward)
    erased.forward = [forward = std::move(gradient.forward)](
                         const CallbackInputs &inputs,
                         const CallbackOutputs &outputs) -> void * {
      return new Residuals(forward(inputs, outputs));
    };
  if (gradient.reverse)
    erased.reverse = [reverse = std::move(gradient.reverse)](
                         void *residuals,
                         const CallbackInputs &outputCotangents,
                         const CallbackOutputs &inputCotangents) {
      std::unique_ptr<Residuals> owned(static_cast<Residuals *>(residuals));
      reverse(*owned, outputCotangents, inputCotangents);
    };
  erased.release = [](void *residuals) {
    delete static_cast<Residuals *>(residuals);
  };
  erased.jvp = std::move(gradient.jvp);
  add(std::move(name), std::move(signature), std::move(primal),
      std::move(erased));
}

/// The callbacks that ahead-of-time libraries (`cot compile`) bind to: the
/// process that loads one registers its functions here before the
/// library's first call, which binds them once.
CallbackRegistry &processCallbacks();

} // namespace cotangent

/// The entry point of a callback plugin (`cot run --load plugin.so`): a
/// shared library defines it, extern "C", and registers its callbacks in it.
extern "C" void
cotangent_register_callbacks(cotangent::CallbackRegistry &registry);

#endif
