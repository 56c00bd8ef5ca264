//===- CompilerFuzzer.cpp - libFuzzer target: the whole compiler -------===//
//
// Each input is a program text. It goes the whole way from source to native
// code (parse, verify, every pipeline stage, LLVM code generation) and is
// never run. Bad programs must end in an Error; anything else the sanitizers
// or libFuzzer catch (crash, leak, undefined behaviour, hang) is a bug.
//
//===----------------------------------------------------------------------===//

#include "cotangent/API/Cotangent.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view source(reinterpret_cast<const char *>(data), size);
  // The options come from a hash of the input, so that every switch of the
  // pipeline is fuzzed and each input still compiles the same way each time.
  const size_t bits = std::hash<std::string_view>{}(source);
  cotangent::CompileOptions options;
  options.optimizeBeforeAD = (bits & 1) == 0;
  options.fuseGates = (bits & 2) == 0;
  options.checkIndices = (bits & 4) == 0;
  options.fusedBlockWires = 1 + static_cast<int>((bits >> 3) % 5);
  options.optimizationLevel = static_cast<int>((bits >> 6) % 4);
  (void)cotangent::Program::compile(source, "fuzz.mlir", options);
  return 0;
}
