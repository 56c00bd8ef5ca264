//===- JsonLiterals.h - command-line values as JSON literals ----*- C++ -*-===//
#ifndef COTANGENT_TOOLS_COT_JSONLITERALS_H
#define COTANGENT_TOOLS_COT_JSONLITERALS_H

#include "cotangent/API/Cotangent.h"

#include <string>

namespace cotangent::cli {

/// Parses a JSON literal (number, true/false, nested lists) into an Array of
/// exactly `type`; on failure returns an error message instead.
Result<Array> parseArgument(const std::string &text, const ArrayType &type);

} // namespace cotangent::cli

#endif
