//===- ParserHazards.h - Source text MLIR's parser would crash on -*- C++
//-*-===//
//
// MLIR 22's parser crashes, rather than reporting an error, on a few
// constructs. They are found in the source text first and reported as
// located errors, so that the parser never sees them.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_API_PARSERHAZARDS_H
#define COTANGENT_API_PARSERHAZARDS_H

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

namespace cotangent {

/// Emits an error at each hazard in the main buffer of `sourceMgr`; fails if
/// there is one.
mlir::LogicalResult rejectParserHazards(const llvm::SourceMgr &sourceMgr,
                                        mlir::MLIRContext &context);

} // namespace cotangent

#endif // COTANGENT_API_PARSERHAZARDS_H
