//===- InPlaceStream.cpp - The memory baseline of the circuit benchmarks --===//

#include "InPlaceStream.h"

#include "LineSweeps.h"
#include "TargetClones.h"

COT_TARGET_CLONES
void scaleSelectedLines(std::complex<double> *data, int numQubits,
                        uint64_t mask, std::complex<double> factor) {
  namespace sweeps = cotangent::runtime::kernels::sweeps;
  const sweeps::Factors f =
      sweeps::laneFactors([&](std::size_t) { return factor; });
  sweeps::updateLines(reinterpret_cast<double *>(data), numQubits, mask,
                      [&](sweeps::Line &v) { v = sweeps::times(f, v); });
}
