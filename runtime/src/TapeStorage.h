//===- TapeStorage.h - tape buffers reused from run to run ------*- C++ -*-===//
#ifndef COTANGENT_RUNTIME_TAPESTORAGE_H
#define COTANGENT_RUNTIME_TAPESTORAGE_H

#include "cotangent/Runtime/Tape.h"

namespace cotangent::runtime {
/// An empty tape for a new run, reusing this thread's last tape buffer: a
/// program called repeatedly (training loops) then grows its tape once.
CotTape acquireTape();
/// Gives the tape's buffer back for the thread's next run.
void releaseTape(CotTape &tape);
} // namespace cotangent::runtime

#endif
