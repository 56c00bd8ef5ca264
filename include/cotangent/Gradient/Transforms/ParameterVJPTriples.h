//===- ParameterVJPTriples.h - parameter_vjp as custom gradients -*- C++
//-*-===//
#ifndef COTANGENT_GRADIENT_TRANSFORMS_PARAMETERVJPTRIPLES_H
#define COTANGENT_GRADIENT_TRANSFORMS_PARAMETERVJPTRIPLES_H

#include "cotangent/AutoDiff/CustomGradients.h"
#include "mlir/IR/BuiltinOps.h"

namespace cotangent::gradient {

/// Builds the triples of every parameter_vjp in `module` into `table` and
/// erases the ops.
void lowerParameterVJPOps(mlir::ModuleOp module,
                          autodiff::CustomGradientTable &table);

} // namespace cotangent::gradient

#endif
