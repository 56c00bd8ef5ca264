//===- TapePlan.h - what the reverse sweep needs from the forward -*- C++
//-*-===//
//
// Each block is cut into segments: runs of plain ops, and single ops with
// regions (loops, branches). The forward sweep pushes, at the end of each
// segment, the primal values the reverse code of that segment reads and that
// are defined in the block; the reverse sweep pops them right before it
// reverses the segment. Pushes and pops thus nest like the segments
// themselves, whatever the loops and calls in between. Values defined further
// out travel with the enclosing segment; constants are rebuilt, not saved.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_TAPEPLAN_H
#define COTANGENT_LIB_AUTODIFF_TAPEPLAN_H

#include "BufferSnapshot.h"

#include "cotangent/AutoDiff/Engine.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace cotangent::autodiff {
class Activity;

struct Segment {
  llvm::SmallVector<mlir::Operation *> ops; ///< plain ops, in order
  mlir::Operation *regionOp = nullptr;      ///< or one op with regions
  /// Values the region op's replay computes and pushes first (e.g. an
  /// iteration count), declared by its rule.
  llvm::SmallVector<mlir::Type> counters;
  llvm::SetVector<mlir::Value> saved; ///< pushed at the segment's end
  /// Buffers the region op reads and leaves unwritten, saved whole after
  /// the saved values (BufferSnapshot.h); loads from them are reloaded.
  llvm::SetVector<mlir::Value> snapshots;
};

class TapePlan {
public:
  /// `rereadBuffers`: buffers of `function` the reverse sweep may load from
  /// again.
  TapePlan(Engine &engine, const Activity &activity,
           mlir::func::FuncOp function,
           llvm::ArrayRef<mlir::Value> rereadBuffers)
      : engine(engine), activity(activity), bufferSnapshots(function, activity),
        rereadBuffers(rereadBuffers.begin(), rereadBuffers.end()) {}

  /// Plans `block` and everything nested in it.
  mlir::LogicalResult plan(mlir::Block &block);

  llvm::ArrayRef<Segment> segments(mlir::Block *block) const {
    return segmentsOf.find(block)->second;
  }

  /// Whether the reverse code rebuilds `value` instead of restoring it.
  static bool isRebuilt(mlir::Value value);

  /// Whether the reverse code runs `value`'s defining op again on a re-read
  /// buffer or a snapshot instead of restoring it.
  bool isReloaded(mlir::Value value) const { return reloaded.contains(value); }

  //===--- For rules ------------------------------------------------------===//

  /// Adds what the reverse code needs to have `value`: the value itself, or
  /// what reloading it takes.
  mlir::LogicalResult need(mlir::Value value,
                           llvm::SetVector<mlir::Value> &needs);

  /// Adds the non-buffer operands a shadow of `buffer` is built from (view
  /// offsets and sizes); fails for a buffer whose shadow cannot be found.
  mlir::LogicalResult shadowInputs(mlir::Value buffer,
                                   llvm::SetVector<mlir::Value> &needs);

  /// Declares a value of `type` that the current region op's replay pushes.
  void addCounter(mlir::Type type) { counters->push_back(type); }

  Engine &engine;
  const Activity &activity;

private:
  mlir::LogicalResult plainNeeds(mlir::Operation *op,
                                 llvm::SetVector<mlir::Value> &needs);

  BufferSnapshots bufferSnapshots;
  /// The region ops whose blocks are being planned, outermost first.
  llvm::SmallVector<mlir::Operation *> enclosing;
  /// Snapshots chosen so far, by the region op they follow.
  llvm::DenseMap<mlir::Operation *, llvm::SetVector<mlir::Value>> snapshotsOf;
  llvm::DenseSet<mlir::Value> rereadBuffers;
  llvm::DenseSet<mlir::Value> reloaded;
  llvm::DenseMap<mlir::Block *, llvm::SmallVector<Segment>> segmentsOf;
  llvm::DenseMap<mlir::Block *, llvm::SetVector<mlir::Value>> escaping;
  llvm::SmallVectorImpl<mlir::Type> *counters = nullptr;
};

} // namespace cotangent::autodiff

#endif
