//===- EntryPoints.h - which functions the host can call --------*- C++ -*-===//
#ifndef COTANGENT_LIB_API_ENTRYPOINTS_H
#define COTANGENT_LIB_API_ENTRYPOINTS_H

#include "cotangent/API/Cotangent.h"
#include "mlir/IR/BuiltinOps.h"

namespace cotangent {
/// The public functions of `module` with their host-visible types, read from
/// the source program before any lowering.
std::vector<EntryPoint> collectEntryPoints(mlir::ModuleOp module);

/// The host's view of an MLIR value type, if the host can exchange it.
std::optional<ArrayType> hostType(mlir::Type type);
} // namespace cotangent

#endif
