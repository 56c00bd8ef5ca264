//===- JsonLiterals.cpp - command-line values as JSON literals ------------===//
#include "JsonLiterals.h"

#include <cctype>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace cotangent;

namespace {

/// Lists may nest this deep (a tensor's rank is far less); deeper input is
/// an error, not a stack overflow.
constexpr int kMaxNesting = 64;

/// The spellings of the non-finite floats, as `cot run` prints them.
bool isNonFiniteText(const std::string &text) {
  return text == "NaN" || text == "Infinity" || text == "-Infinity";
}

/// A parsed literal: a number (kept as text), a boolean or a list.
struct Literal {
  enum class Kind { Number, Bool, List } kind;
  std::string text;
  bool boolean = false;
  std::vector<Literal> elements;
};

class LiteralParser {
public:
  explicit LiteralParser(const std::string &text) : text(text) {}

  bool parse(Literal &out, std::string &error) {
    if (!parseValue(out, error))
      return false;
    skipSpace();
    if (pos != text.size())
      return fail(error, "unexpected '" + text.substr(pos, 1) + "'");
    return true;
  }

private:
  bool fail(std::string &error, const std::string &what) {
    error = what + " at character " + std::to_string(pos + 1);
    return false;
  }
  void skipSpace() {
    while (pos < text.size() &&
           std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool consume(const char *word) {
    size_t length = std::strlen(word);
    if (text.compare(pos, length, word) != 0)
      return false;
    pos += length;
    return true;
  }

  bool parseValue(Literal &out, std::string &error, int depth = 0) {
    skipSpace();
    if (pos == text.size())
      return fail(error, "missing value");
    if (text[pos] == '[') {
      if (depth == kMaxNesting)
        return fail(error, "lists nested more than " +
                               std::to_string(kMaxNesting) + " deep");
      return parseList(out, error, depth + 1);
    }
    for (bool value : {true, false})
      if (consume(value ? "true" : "false")) {
        out.kind = Literal::Kind::Bool;
        out.boolean = value;
        return true;
      }
    return parseNumber(out, error);
  }

  bool parseList(Literal &out, std::string &error, int depth) {
    out.kind = Literal::Kind::List;
    ++pos; // '['
    skipSpace();
    if (pos < text.size() && text[pos] == ']') {
      ++pos;
      return true;
    }
    while (true) {
      Literal element;
      if (!parseValue(element, error, depth))
        return false;
      out.elements.push_back(std::move(element));
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == ']') {
        ++pos;
        return true;
      }
      return fail(error, "expected ',' or ']'");
    }
  }

  bool parseNumber(Literal &out, std::string &error) {
    out.kind = Literal::Kind::Number;
    for (const char *word : {"NaN", "Infinity", "-Infinity"})
      if (consume(word)) {
        out.text = word;
        return true;
      }
    size_t start = pos;
    if (pos < text.size() && (text[pos] == '-' || text[pos] == '+'))
      ++pos;
    while (pos < text.size() &&
           (std::isdigit(static_cast<unsigned char>(text[pos])) ||
            std::strchr(".eE+-", text[pos])))
      ++pos;
    out.kind = Literal::Kind::Number;
    out.text = text.substr(start, pos - start);
    char *end = nullptr;
    std::strtod(out.text.c_str(), &end);
    if (out.text.empty() || *end != '\0') {
      pos = start;
      return fail(error, "not a number, boolean or list");
    }
    return true;
  }

  const std::string &text;
  size_t pos = 0;
};

/// An optional sign and digits only.
bool isIntegerText(const std::string &text) {
  size_t digits = !text.empty() && (text[0] == '-' || text[0] == '+');
  return digits < text.size() &&
         text.find_first_not_of("0123456789", digits) == std::string::npos;
}

/// Writes `literal` (of the given element type) into `out`.
bool storeElement(const Literal &literal, ElementType type, char *out,
                  std::string &error) {
  if (type == ElementType::Complex128) {
    if (literal.kind != Literal::Kind::List || literal.elements.size() != 2)
      return error = "a complex number is written [re, im]", false;
    return storeElement(literal.elements[0], ElementType::F64, out, error) &&
           storeElement(literal.elements[1], ElementType::F64, out + 8, error);
  }
  if (type == ElementType::I1) {
    if (literal.kind != Literal::Kind::Bool)
      return error = "expected true or false", false;
    *reinterpret_cast<uint8_t *>(out) = literal.boolean;
    return true;
  }
  if (literal.kind != Literal::Kind::Number)
    return error = std::string("expected a number of type ") +
                   elementTypeName(type),
           false;
  if (type == ElementType::I64) {
    if (!isIntegerText(literal.text))
      return error = "expected an integer, got " + literal.text, false;
    errno = 0;
    long long value = std::strtoll(literal.text.c_str(), nullptr, 10);
    if (errno == ERANGE)
      return error = literal.text + " does not fit in i64", false;
    *reinterpret_cast<int64_t *>(out) = value;
    return true;
  }
  double value = literal.text == "NaN"        ? NAN
                 : literal.text == "Infinity" ? INFINITY
                 : literal.text == "-Infinity"
                     ? -INFINITY
                     : std::strtod(literal.text.c_str(), nullptr);
  bool finite = !isNonFiniteText(literal.text);
  if (finite && (std::isinf(value) || (type == ElementType::F32 &&
                                       std::fabs(value) > double(FLT_MAX))))
    return error =
               literal.text + " is out of range for " + elementTypeName(type),
           false;
  if (type == ElementType::F32)
    *reinterpret_cast<float *>(out) = static_cast<float>(value);
  else
    *reinterpret_cast<double *>(out) = value;
  return true;
}

/// Walks nested lists against `shape`, storing elements in row-major order.
bool storeNested(const Literal &literal, const std::vector<int64_t> &shape,
                 size_t depth, ElementType type, char *&out,
                 std::string &error) {
  if (depth == shape.size()) {
    if (!storeElement(literal, type, out, error))
      return false;
    out += elementSize(type);
    return true;
  }
  if (literal.kind != Literal::Kind::List ||
      static_cast<int64_t>(literal.elements.size()) != shape[depth]) {
    error = "expected a list of " + std::to_string(shape[depth]) +
            " elements at nesting depth " + std::to_string(depth + 1);
    return false;
  }
  for (const Literal &element : literal.elements)
    if (!storeNested(element, shape, depth + 1, type, out, error))
      return false;
  return true;
}

} // namespace

Result<Array> cli::parseArgument(const std::string &text,
                                 const ArrayType &type) {
  Literal literal;
  std::string error;
  if (!LiteralParser(text).parse(literal, error))
    return Error{Error::Kind::Usage,
                 "'" + text + "' is not a JSON literal: " + error};
  Array array(type);
  char *out = static_cast<char *>(array.data());
  if (!storeNested(literal, type.shape, 0, type.element, out, error))
    return Error{Error::Kind::Usage,
                 "'" + text + "' is not a " + type.str() + ": " + error};
  return array;
}

Result<std::vector<Array>>
cli::parseArgumentList(const std::string &text,
                       const std::vector<ArrayType> &types) {
  Literal literal;
  std::string error;
  if (!LiteralParser(text).parse(literal, error))
    return Error{Error::Kind::Usage, "--args is not a JSON list: " + error};
  if (literal.kind != Literal::Kind::List)
    return Error{Error::Kind::Usage,
                 "--args must be a JSON list of the arguments"};
  if (literal.elements.size() != types.size())
    return Error{Error::Kind::Usage,
                 "--args lists " + std::to_string(literal.elements.size()) +
                     " argument(s) but " + std::to_string(types.size()) +
                     " are needed"};
  std::vector<Array> arrays;
  for (size_t i = 0; i < types.size(); ++i) {
    Array array(types[i]);
    char *out = static_cast<char *>(array.data());
    if (!storeNested(literal.elements[i], types[i].shape, 0, types[i].element,
                     out, error))
      return Error{Error::Kind::Usage, "argument " + std::to_string(i) +
                                           " of --args is not a " +
                                           types[i].str() + ": " + error};
    arrays.push_back(std::move(array));
  }
  return arrays;
}
