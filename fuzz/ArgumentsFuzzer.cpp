//===- ArgumentsFuzzer.cpp - libFuzzer target: cot run arguments -------===//
//
// Each input is the text of one command-line argument (or of an --args
// list). It is parsed as a value of each of a few argument types: every
// text must give an Array of that type or an error message.
//
//===----------------------------------------------------------------------===//

#include "../tools/cot/JsonLiterals.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using cotangent::ArrayType;
using cotangent::ElementType;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string text(reinterpret_cast<const char *>(data), size);
  static const std::vector<ArrayType> types = {
      {ElementType::F64, {}},        {ElementType::F32, {3}},
      {ElementType::I64, {}},        {ElementType::I64, {2, 2}},
      {ElementType::I1, {}},         {ElementType::I1, {4}},
      {ElementType::Complex128, {}}, {ElementType::Complex128, {2, 1, 2}},
      {ElementType::F64, {0}},
  };
  for (const ArrayType &type : types)
    (void)cotangent::cli::parseArgument(text, type);
  (void)cotangent::cli::parseArgumentList(text, {types[0], types[3]});
  (void)cotangent::cli::parseArgumentList(text, {});
  return 0;
}
