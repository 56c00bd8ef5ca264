//===- EntryPoints.cpp - which functions the host can call ----------------===//
#include "EntryPoints.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace cotangent;

namespace {

std::optional<ElementType> hostElementType(Type type) {
  if (type.isF64())
    return ElementType::F64;
  if (type.isF32())
    return ElementType::F32;
  if (type.isSignlessInteger(64))
    return ElementType::I64;
  if (type.isSignlessInteger(1))
    return ElementType::I1;
  if (auto complex = dyn_cast<ComplexType>(type);
      complex && complex.getElementType().isF64())
    return ElementType::Complex128;
  return std::nullopt;
}

} // namespace

std::optional<ArrayType> cotangent::hostType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    std::optional<ElementType> element =
        hostElementType(tensor.getElementType());
    if (!element || !tensor.hasStaticShape())
      return std::nullopt;
    return ArrayType{*element, tensor.getShape().vec()};
  }
  if (std::optional<ElementType> element = hostElementType(type))
    return ArrayType{*element, {}};
  return std::nullopt;
}

namespace {

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

} // namespace

std::vector<EntryPoint> cotangent::collectEntryPoints(ModuleOp module) {
  std::vector<EntryPoint> entries;
  for (auto function : module.getOps<func::FuncOp>()) {
    if (!function.isPublic() || function.isExternal())
      continue;
    EntryPoint entry{function.getName().str(), {}, {}, {}};
    auto collect = [&](TypeRange types, std::vector<ArrayType> &out,
                       const char *what) {
      for (auto [i, type] : llvm::enumerate(types)) {
        if (std::optional<ArrayType> host = hostType(type)) {
          out.push_back(*host);
        } else if (entry.unsupported.empty()) {
          entry.unsupported =
              std::string(what) + " " + std::to_string(i) + " has type " +
              typeText(type) +
              ", which the host cannot pass (it takes f64, f32, "
              "i64, i1 and statically shaped tensors of them)";
        }
      }
    };
    collect(function.getArgumentTypes(), entry.arguments, "argument");
    collect(function.getResultTypes(), entry.results, "result");
    entries.push_back(std::move(entry));
  }
  return entries;
}
