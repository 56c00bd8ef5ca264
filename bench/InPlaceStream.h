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

#endif // COTANGENT_BENCH_INPLACESTREAM_H
