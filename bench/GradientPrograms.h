//===- GradientPrograms.h - the classical kernels of bench/programs -*- C++
//-*-===//
//
// The six kernels of bench/programs/gradients (an entry @f and its gradient
// @df each) and the deterministic arguments every benchmark calls them with.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_BENCH_GRADIENTPROGRAMS_H
#define COTANGENT_BENCH_GRADIENTPROGRAMS_H

#include "cotangent/API/Cotangent.h"

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

inline const char *const kGradientPrograms[] = {
    "polynomial", "logsumexp", "gmm", "network", "ode", "matvec"};

/// The source text of bench/programs/gradients/<name>.mlir.
inline std::string gradientProgramSource(const std::string &name) {
  std::ifstream file(std::string(COT_BENCH_PROGRAMS) + "/gradients/" + name +
                     ".mlir");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

/// Deterministic arguments in [-0.5, 0.5] of the entry's (f64) types.
inline std::vector<cotangent::Array>
gradientArguments(const cotangent::EntryPoint &entry) {
  std::mt19937_64 generator(42);
  std::uniform_real_distribution<double> uniform(-0.5, 0.5);
  std::vector<cotangent::Array> arguments;
  for (const cotangent::ArrayType &type : entry.arguments) {
    cotangent::Array array(type);
    for (int64_t i = 0; i < array.numElements(); ++i)
      array.as<double>()[i] = uniform(generator);
    arguments.push_back(std::move(array));
  }
  return arguments;
}

/// Zeroed arrays of the entry's result types, for Program::callInto.
inline std::vector<cotangent::Array>
resultArrays(const cotangent::EntryPoint &entry) {
  std::vector<cotangent::Array> results;
  for (const cotangent::ArrayType &type : entry.results)
    results.emplace_back(type);
  return results;
}

#endif // COTANGENT_BENCH_GRADIENTPROGRAMS_H
