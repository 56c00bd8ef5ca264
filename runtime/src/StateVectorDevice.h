//===- StateVectorDevice.h - The default device ---------------------------===//
//
// An exact state-vector simulator in this process, single-threaded.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_STATEVECTORDEVICE_H
#define COTANGENT_RUNTIME_STATEVECTORDEVICE_H

#include "Device.h"

#include <memory>

namespace cotangent::runtime {

/// A device with no qubits yet.
std::unique_ptr<Device> makeStateVectorDevice();

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_STATEVECTORDEVICE_H
