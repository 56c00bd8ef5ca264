//===- BufferAliasing.h - which buffers may share memory ----------*- C++
//-*-===//
//
// What the memory-level passes know of aliasing without an analysis: views
// (subviews, casts, reshapes) share their source's memory, distinct
// allocations never share memory, and neither does an allocation and an
// argument of the function that made it.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_SUPPORT_BUFFERALIASING_H
#define COTANGENT_SUPPORT_BUFFERALIASING_H

#include "mlir/IR/Value.h"

namespace cotangent {

/// The buffer `value` views, through subviews, casts and reshapes.
mlir::Value rootBuffer(mlir::Value value);

/// Whether two root buffers may share memory.
bool mayAlias(mlir::Value a, mlir::Value b);

} // namespace cotangent

#endif
