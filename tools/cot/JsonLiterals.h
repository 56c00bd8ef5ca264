//===- JsonLiterals.h - command-line values as JSON literals ----*- C++ -*-===//
#ifndef COTANGENT_TOOLS_COT_JSONLITERALS_H
#define COTANGENT_TOOLS_COT_JSONLITERALS_H

#include "cotangent/API/Cotangent.h"

#include <string>

namespace cotangent::cli {

/// Parses a JSON literal (number, NaN, Infinity, -Infinity, true/false,
/// nested lists) into an Array of exactly `type`; a number out of the
/// type's range is an error, as is nesting deeper than any tensor.
Result<Array> parseArgument(const std::string &text, const ArrayType &type);

/// Parses a JSON list of all the arguments (`--args`), one per type.
Result<std::vector<Array>>
parseArgumentList(const std::string &text, const std::vector<ArrayType> &types);

} // namespace cotangent::cli

#endif
