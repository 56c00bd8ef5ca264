//===- BufferSnapshot.h - a buffer a region reads, saved once ---*- C++ -*-===//
//
// A region op (a loop, a branch) that reads a buffer without writing it would
// save every value its reverse code needs from that buffer, once per load:
// 50 steps of x <- tanh(A x) save each x[j] once per row, 128 times. When the
// loads outnumber the buffer's elements, the forward sweep saves the whole
// buffer once instead, right after the op (it still holds what the op read),
// and the reverse sweep restores it into a new buffer before it reverses the
// op, loading from that copy again (as from a re-read argument).
//
// The planning (which op, whether it pays) is here; the code that saves and
// restores a buffer comes from the rules of the buffer's dialect.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_AUTODIFF_BUFFERSNAPSHOT_H
#define COTANGENT_LIB_AUTODIFF_BUFFERSNAPSHOT_H

#include "mlir/IR/Dominance.h"
#include "llvm/ADT/DenseMap.h"

namespace cotangent::autodiff {
class Activity;

class BufferSnapshots {
public:
  BufferSnapshots(mlir::Operation *function, const Activity &activity)
      : dominance(function), activity(activity) {}

  /// The region op after which `buffer` is saved whole so that the reverse
  /// code can run `read` (a load from it) again: the outermost of
  /// `enclosing` (region ops being planned, outermost first) that holds
  /// `read`, not `buffer`'s definition, writes no memory `buffer` may share,
  /// and loads from it at least as many needed values as it has elements.
  /// Null when there is none.
  mlir::Operation *owner(llvm::ArrayRef<mlir::Operation *> enclosing,
                         mlir::Operation *read, mlir::Value buffer);

private:
  bool leavesUnwritten(mlir::Operation *regionOp, mlir::Value buffer);
  bool distinct(mlir::Value written, mlir::Value buffer);
  bool pays(mlir::Operation *regionOp, mlir::Value buffer);

  mlir::DominanceInfo dominance;
  const Activity &activity;
  llvm::DenseMap<std::pair<mlir::Operation *, mlir::Value>, bool> decided;
};

} // namespace cotangent::autodiff

#endif
