//===- OverlappingArguments.h - arguments that share a result's memory ---===//
//
// Compiled code writes its results while it still reads its arguments, and
// reads the caller's argument arrays in place (read-only-entry-arguments).
// An update in place, f(x) -> x with one array for both, would then read
// elements it has already overwritten: such an argument is read from a copy.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_LIB_API_OVERLAPPINGARGUMENTS_H
#define COTANGENT_LIB_API_OVERLAPPINGARGUMENTS_H

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cotangent {

/// `descriptors` are the memref descriptors of an entry's arguments, then of
/// its results (allocated and aligned pointer first, offset 0), and `bytes`
/// the size of each one's data. Every argument whose data overlaps a
/// result's is pointed at a copy of it; the copies are returned and must
/// outlive the call. Throws std::bad_alloc when a copy cannot be made.
std::vector<std::vector<uint64_t>>
copyArgumentsOverlappingResults(std::span<int64_t *const> descriptors,
                                std::span<const size_t> bytes,
                                size_t numArguments);

} // namespace cotangent

#endif
