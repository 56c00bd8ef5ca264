//===- ParserHazards.cpp --------------------------------------------------===//
//
// The one hazard known: a dense array of `index` (`array<index: 0>`), whose
// element width the parser asks of a type that has none (SIGSEGV). The scan
// skips comments and string literals, where the text is harmless.
//
//===----------------------------------------------------------------------===//
#include "ParserHazards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace {

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// After `position`, the spaces skipped; then whether `word` follows as a
/// whole word (or as the character `word` when it is punctuation).
bool followedBy(llvm::StringRef text, size_t &position, llvm::StringRef word) {
  while (position < text.size() && llvm::isSpace(text[position]))
    ++position;
  if (!text.substr(position).starts_with(word))
    return false;
  size_t end = position + word.size();
  if (isIdentifierChar(word.back()) && end < text.size() &&
      isIdentifierChar(text[end]))
    return false;
  position = end;
  return true;
}

} // namespace

LogicalResult cotangent::rejectParserHazards(const llvm::SourceMgr &sourceMgr,
                                             MLIRContext &context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef text = buffer->getBuffer();
  bool found = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == llvm::StringRef::npos)
        break;
      continue;
    }
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c != 'a' || (i > 0 && isIdentifierChar(text[i - 1])))
      continue;
    size_t position = i;
    if (!followedBy(text, position, "array") ||
        !followedBy(text, position, "<") ||
        !followedBy(text, position, "index"))
      continue;
    auto [line, column] = sourceMgr.getLineAndColumn(
        llvm::SMLoc::getFromPointer(text.data() + i));
    emitError(FileLineColLoc::get(&context, buffer->getBufferIdentifier(), line,
                                  column))
        << "a dense array cannot hold index values: use array<i64: ...>";
    found = true;
    i = position;
  }
  return mlir::failure(found);
}
