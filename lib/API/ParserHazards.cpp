//===- ParserHazards.cpp --------------------------------------------------===//
//
// The hazards known:
// - a dense array of `index` (`array<index: 0>`), whose element width the
//   parser asks of a type that has none (SIGSEGV);
// - `tensor.from_elements` with a result type of many more elements than it
//   lists: the parser builds one operand type per element of the type before
//   the verifier compares the counts, so a large shape exhausts the memory.
// The scan skips comments and string literals, where the text is harmless,
// and between the words of a hazard whatever MLIR's lexer skips between
// tokens: white space, NUL characters and comments.
//
//===----------------------------------------------------------------------===//
#include "ParserHazards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>
#include <string>

using namespace mlir;

namespace {

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// Moves `position` past what MLIR's lexer skips between tokens: white
/// space, NUL characters (the lexer ignores them inside the buffer) and `//`
/// comments.
void skipBetweenTokens(llvm::StringRef text, size_t &position) {
  while (position < text.size()) {
    const char c = text[position];
    if (llvm::isSpace(c) || c == '\0') {
      ++position;
    } else if (text.substr(position).starts_with("//")) {
      position = std::min(text.find('\n', position), text.size());
    } else {
      return;
    }
  }
}

/// After `position`, what lies between tokens skipped; then whether `word`
/// follows as a whole word (or as the character `word` when it is
/// punctuation).
bool followedBy(llvm::StringRef text, size_t &position, llvm::StringRef word) {
  skipBetweenTokens(text, position);
  if (!text.substr(position).starts_with(word))
    return false;
  size_t end = position + word.size();
  if (isIdentifierChar(word.back()) && end < text.size() &&
      isIdentifierChar(text[end]))
    return false;
  position = end;
  return true;
}

/// `array<index`, after the word `array` at `position`.
std::optional<std::string> indexArray(llvm::StringRef text, size_t position) {
  if (!followedBy(text, position, "array") ||
      !followedBy(text, position, "<") || !followedBy(text, position, "index"))
    return std::nullopt;
  return std::string(
      "a dense array cannot hold index values: use array<i64: ...>");
}

/// `tensor.from_elements` listing another number of elements than its
/// result type (custom form) has, at `position`.
std::optional<std::string> fromElementsCount(llvm::StringRef text,
                                             size_t position) {
  if (!followedBy(text, position, "tensor.from_elements"))
    return std::nullopt;
  int64_t listed = 0;
  int depth = 0;
  for (skipBetweenTokens(text, position); position < text.size();
       skipBetweenTokens(text, ++position)) {
    char c = text[position];
    if (c == '{' || c == '(')
      ++depth;
    else if (c == '}' || c == ')')
      --depth;
    else if (c == '"' || depth < 0)
      return std::nullopt; // the generic form, or text this scan cannot read
    else if (c == '%' && depth == 0)
      ++listed;
    else if (c == ':' && depth == 0)
      break;
  }
  ++position;
  if (!followedBy(text, position, "tensor") || !followedBy(text, position, "<"))
    return std::nullopt;
  uint64_t elements = 1; // saturates at the largest uint64_t
  while (position < text.size() && llvm::isDigit(text[position])) {
    uint64_t extent = 0;
    for (; position < text.size() && llvm::isDigit(text[position]); ++position)
      extent = llvm::SaturatingMultiplyAdd<uint64_t>(extent, 10,
                                                     text[position] - '0');
    if (position >= text.size() || text[position] != 'x')
      return std::nullopt;
    ++position;
    elements = llvm::SaturatingMultiply(elements, extent);
  }
  if (position < text.size() && text[position] == '?')
    return std::nullopt; // a dynamic shape: the verifier refuses it
  if (elements == static_cast<uint64_t>(listed))
    return std::nullopt;
  return "tensor.from_elements lists " + std::to_string(listed) +
         " element(s) but its result type has " + std::to_string(elements);
}

} // namespace

LogicalResult cotangent::rejectParserHazards(const llvm::SourceMgr &sourceMgr,
                                             MLIRContext &context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef text = buffer->getBuffer();
  bool found = false;
  for (size_t i = 0; skipBetweenTokens(text, i), i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (!llvm::isAlpha(c) || (i > 0 && isIdentifierChar(text[i - 1])))
      continue;
    std::optional<std::string> problem = indexArray(text, i);
    if (!problem)
      problem = fromElementsCount(text, i);
    if (!problem)
      continue;
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(text.data() + i));
    emitError(FileLineColLoc::get(&context, buffer->getBufferIdentifier(), line,
                                  column))
        << *problem;
    found = true;
  }
  return mlir::failure(found);
}
