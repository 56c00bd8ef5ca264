//===- JsonLiterals.h - command-line values as JSON literals ----*- C++ -*-===//
#ifndef COTANGENT_TOOLS_COT_JSONLITERALS_H
#define COTANGENT_TOOLS_COT_JSONLITERALS_H

#include "cotangent/API/Cotangent.h"

#include <string>

namespace cotangent::cli {

/// Parses a JSON literal (number, true/false, nested lists) into an Array of
/// exactly `type`; on failure returns an error message instead.
Result<Array> parseArgument(const std::string &text, const ArrayType &type);

/// Prints an array as a JSON literal: floats with 17 significant digits,
/// nested lists for tensors, [re, im] for complex numbers.
std::string formatResult(const Array &array);

} // namespace cotangent::cli

#endif
