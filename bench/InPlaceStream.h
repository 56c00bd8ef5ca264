//===- InPlaceStream.h - The memory baseline of the circuit benchmarks ----===//
//
// The in-place read-modify-write stream that cot-bench-gates and
// cot-bench-fusion measure gates and circuits against.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_BENCH_INPLACESTREAM_H
#define COTANGENT_BENCH_INPLACESTREAM_H

#include <complex>
#include <cstdint>

/// Multiplies each amplitude by `factor` over the lines (four amplitudes)
/// whose index has every bit of `mask` (bits >= 2) set, in the gate kernels'
/// own sweep: the same vectors and the same prefetching, so that the
/// baseline is what the kernels' memory access can at best achieve.
void scaleSelectedLines(std::complex<double> *data, int numQubits,
                        uint64_t mask, std::complex<double> factor);

/// The same over the lines whose index bits in `fixedMask` (bits >= 2) read
/// `aBits` or `bBits`, visited in pairs that agree elsewhere: the bare access
/// pattern of a gate on two basis states of its wires (SWAP, the excitation
/// gates).
void scaleLinePairs(std::complex<double> *data, int numQubits,
                    uint64_t fixedMask, uint64_t aBits, uint64_t bBits,
                    std::complex<double> factor);

/// How a baseline over groups of lines prefetches: as the line sweeps of
/// the other gate kernels (Far: into L2, 32 KiB ahead in the sweep's order,
/// or in address order where they take it), or as the dense kernel (Near:
/// into L1 the group 2 KiB on, memory left to the hardware). Neither is the
/// faster everywhere, so the benchmarks take the better of the two.
enum class Prefetch { Far, Near };

/// The same over the groups of lines a dense matrix touches: where the bits
/// of `controlBits` (bits >= 2) are set, each line whose bits in
/// `targetBits` (bits >= 2) read 0 together with the lines that differ from it
/// only in those bits, group by group, prefetched as `prefetch` says.
void scaleLineGroups(std::complex<double> *data, int numQubits,
                     uint64_t targetBits, uint64_t controlBits,
                     std::complex<double> factor, Prefetch prefetch);

/// The in-place stream over every line with the arithmetic of a dense
/// matrix on `numWires` wires and none of its other work: each line takes
/// the 12 * 2^numWires multiply-adds of doubles such a matrix costs per line
/// at least (three real products per complex one), on the dense kernel's
/// vectors (one line per vector), the amplitudes left
/// unchanged (x * 1 + 0), prefetched as `prefetch` says. Eight lines at a
/// time keep enough independent chains in flight to cover the multiply-add
/// latency. With the factor in a
/// register: what arithmetic and memory traffic together allow a dense gate,
/// before it reads its matrix or exchanges lanes. With factorsFromTable, each
/// multiply-add reads its factor from a table in the L1 cache, as a dense
/// kernel reads its matrix entries (for 3 wires and more, the 2 * 4^k of them
/// outnumber the registers): what the arithmetic allows with those reads.
/// Needs numQubits >= 5.
void streamWithMultiplyAdds(std::complex<double> *data, int numQubits,
                            int numWires, bool factorsFromTable,
                            Prefetch prefetch);

#endif // COTANGENT_BENCH_INPLACESTREAM_H
