//===- InPlaceStream.cpp - The memory baseline of the circuit benchmarks --===//

#include "InPlaceStream.h"

#include "LineSweeps.h"
#include "TargetClones.h"

namespace sweeps = cotangent::runtime::kernels::sweeps;

COT_TARGET_CLONES
void scaleSelectedLines(std::complex<double> *data, int numQubits,
                        uint64_t mask, std::complex<double> factor) {
  const sweeps::Factors f =
      sweeps::laneFactors([&](std::size_t) { return factor; });
  sweeps::updateLines(reinterpret_cast<double *>(data), numQubits, mask, mask,
                      [&](sweeps::Line &v) { v = sweeps::times(f, v); });
}

COT_TARGET_CLONES
void scaleLinePairs(std::complex<double> *data, int numQubits,
                    uint64_t fixedMask, uint64_t aBits, uint64_t bBits,
                    std::complex<double> factor) {
  const sweeps::Factors f =
      sweeps::laneFactors([&](std::size_t) { return factor; });
  double *psi = reinterpret_cast<double *>(data);
  if (aBits == bBits) { // both states in the same lines
    sweeps::updateLines(psi, numQubits, fixedMask, aBits,
                        [&](sweeps::Line &v) { v = sweeps::times(f, v); });
    return;
  }
  sweeps::updateLinePairs(psi, numQubits, fixedMask, aBits, bBits,
                          [&](sweeps::Line &a, sweeps::Line &b) {
                            a = sweeps::times(f, a);
                            b = sweeps::times(f, b);
                          });
}
