//===- RuleRegistry.h - the derivative rules the engine is given -*- C++
//-*-===//
//
// Each supported dialect contributes one DialectRules
// (Rules/<Dialect>Rules.cpp); the engine finds every rule here, by op name, and
// knows no op itself.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_RULEREGISTRY_H
#define COTANGENT_LIB_AUTODIFF_RULEREGISTRY_H

#include "OpRule.h"
#include "ScalarRule.h"

namespace cotangent::autodiff {
class Activity;
class Engine;

struct DialectRules {
  llvm::ArrayRef<ScalarRule> scalar;
  llvm::ArrayRef<OpRule> ops;
  /// Ops whose result views their first operand's memory; their other
  /// operands are offsets, sizes and strides.
  llvm::ArrayRef<llvm::StringLiteral> views;
  /// Ops that allocate a fresh buffer; their operands are its dynamic sizes.
  llvm::ArrayRef<llvm::StringLiteral> allocations;
  /// Whether the buffer `def` produces is constant memory, which never
  /// holds derivatives (null: the dialect makes none).
  bool (*isConstantBuffer)(mlir::Operation *def) = nullptr;
  /// Buffer snapshots (BufferSnapshot.h): code that pushes every element of
  /// a buffer on the tape, and code that pops them into a new buffer of a
  /// static, identity-layout type (null: the dialect makes none).
  void (*saveBuffer)(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Value buffer) = nullptr;
  mlir::Value (*restoreBuffer)(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::MemRefType type) = nullptr;
};

DialectRules arithRules();
DialectRules mathRules();
DialectRules scfRules();
DialectRules memrefRules();
DialectRules funcRules();
DialectRules gradientRules();
DialectRules callbackRules();

const ScalarRule *lookupScalarRule(mlir::Operation *op);
const OpRule *lookupOpRule(mlir::Operation *op);
bool isViewOp(mlir::Operation *op);
bool isAllocationOp(mlir::Operation *op);
bool isConstantBuffer(mlir::Operation *def);
/// Whether some dialect saves and restores whole buffers, and its code.
bool canSaveBuffers();
void saveBuffer(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);
mlir::Value restoreBuffer(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::MemRefType type);

/// For an op without an OpRule: its scalar rule when it has an active float
/// result, null when there is nothing to differentiate, or failure (with a
/// located error) when it cannot be differentiated.
mlir::FailureOr<const ScalarRule *> scalarRuleToApply(Engine &engine,
                                                      const Activity &activity,
                                                      mlir::Operation *op);

} // namespace cotangent::autodiff

#endif
