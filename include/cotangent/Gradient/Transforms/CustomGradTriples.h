//===- CustomGradTriples.h - custom_grad as the engine's triples -*- C++
//-*-===//
//
// One producer of the AD engine's custom-gradient table: every
// `gradient.custom_grad @f fwd(@f_fwd) rev(@f_rev)` of a bufferized module
// becomes the destination-passing triple of docs/calling-convention.md,
// @f.fwd and @f.rev, wrapping the user's two functions; residuals travel in
// a residual tape (`gradient.residuals_*`).
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_GRADIENT_TRANSFORMS_CUSTOMGRADTRIPLES_H
#define COTANGENT_GRADIENT_TRANSFORMS_CUSTOMGRADTRIPLES_H

#include "cotangent/AutoDiff/CustomGradients.h"
#include "mlir/IR/BuiltinOps.h"

namespace cotangent::gradient {

/// Builds the triples of every custom_grad in `module` and erases the ops.
mlir::FailureOr<autodiff::CustomGradientTable>
lowerCustomGradOps(mlir::ModuleOp module);

} // namespace cotangent::gradient

#endif
