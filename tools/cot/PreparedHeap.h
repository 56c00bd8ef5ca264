//===- PreparedHeap.h - the heap's first pages mapped in bulk ---*- C++ -*-===//
#ifndef COTANGENT_TOOLS_COT_PREPAREDHEAP_H
#define COTANGENT_TOOLS_COT_PREPAREDHEAP_H

namespace cotangent::cli {

/// Maps the heap a compilation is about to fill in one system call and
/// keeps it for the process. A page fault costs up to 10 microseconds on a
/// virtual machine and compiling a small program touches about 1,000 fresh
/// heap pages (about 10 ms of a 60 ms `cot run`); mapping them in bulk costs
/// under one microsecond a page. For a process that compiles and exits: the
/// embedding API leaves its host's allocator alone.
void prepareHeap();

} // namespace cotangent::cli

#endif
