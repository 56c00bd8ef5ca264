//===- CallbackRegistry.cpp - host functions by name ----------------------===//
#include "CallbackBinding.h"

#include <stdexcept>

using namespace cotangent;

std::string CallbackSignature::str() const {
  auto append = [](std::string &text, const std::vector<ArrayType> &types) {
    for (size_t i = 0; i < types.size(); ++i) {
      if (i)
        text += ", ";
      text += types[i].str();
    }
  };
  std::string text = "(";
  append(text, inputs);
  text += ") -> ";
  bool parenthesized = outputs.size() != 1;
  if (parenthesized)
    text += "(";
  append(text, outputs);
  if (parenthesized)
    text += ")";
  return text;
}

void detail::throwAccessMismatch(const char *side, std::size_t index,
                                 const ArrayType &type, ElementType requested,
                                 bool scalar) {
  throw std::invalid_argument(
      std::string(side) + " " + std::to_string(index) + " is " + type.str() +
      ", but was accessed as " +
      (scalar ? std::string("a scalar ") : std::string("an array of ")) +
      elementTypeName(requested));
}

CallbackRegistry::CallbackRegistry() = default;
CallbackRegistry::CallbackRegistry(CallbackRegistry &&) noexcept = default;
CallbackRegistry &
CallbackRegistry::operator=(CallbackRegistry &&) noexcept = default;
CallbackRegistry::~CallbackRegistry() = default;

void CallbackRegistry::define(std::string name, CallbackSignature signature,
                              CallbackFunction primal) {
  add(std::move(name), std::move(signature), std::move(primal), std::nullopt);
}

void CallbackRegistry::add(std::string name, CallbackSignature signature,
                           CallbackFunction primal,
                           std::optional<ErasedGradient> gradient) {
  if (name.empty())
    throw std::invalid_argument("a callback needs a name");
  if (entries_.count(name))
    throw std::invalid_argument("callback @" + name + " is already registered");
  if (!primal)
    throw std::invalid_argument("callback @" + name + " has no primal");
  if (gradient && (!gradient->forward || !gradient->reverse))
    throw std::invalid_argument("the gradient of callback @" + name +
                                " needs both a forward and a reverse");
  for (const std::vector<ArrayType> *types :
       {&signature.inputs, &signature.outputs})
    for (const ArrayType &type : *types) {
      bool exchangeable = type.element != ElementType::Complex128;
      for (int64_t extent : type.shape)
        exchangeable = exchangeable && extent >= 0;
      if (!exchangeable)
        throw std::invalid_argument(
            "callback @" + name + " has a value of type " + type.str() +
            "; callbacks exchange f64, f32, i64 and i1 values and statically "
            "shaped arrays of them");
    }
  auto entry = std::make_shared<Entry>(Entry{
      name, std::move(signature), std::move(primal), std::move(gradient)});
  entries_.emplace(std::move(name), std::move(entry));
}

bool CallbackRegistry::contains(std::string_view name) const {
  return entries_.find(name) != entries_.end();
}

std::vector<std::string> CallbackRegistry::names() const {
  std::vector<std::string> names;
  for (const auto &[name, entry] : entries_)
    names.push_back(name);
  return names;
}

std::shared_ptr<const CallbackRegistry::Entry>
CallbackRegistry::find(std::string_view name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : it->second;
}
