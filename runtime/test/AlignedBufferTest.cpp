//===- AlignedBufferTest.cpp - Alignment, zeroing and extent of buffers ---===//
//
// Small buffers come from operator new on a page boundary; from 2 MiB on,
// from a mapping of their own on a 2 MiB boundary. Either way every element
// starts at zero and the whole extent is writable, and buffers move and free
// (here also under the sanitizers' build).
//
//===----------------------------------------------------------------------===//

#include "AlignedBuffer.h"

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <utility>

using namespace cotangent::runtime;

namespace {

using Buffer = AlignedBuffer<std::complex<double>>;

bool isZero(const Buffer &buffer) {
  for (std::size_t i = 0; i < buffer.size(); ++i)
    if (buffer[i] != 0.0)
      return false;
  return true;
}

TEST(AlignedBufferTest, StartsOnItsBoundaryZeroedAndWritableToTheEnd) {
  const std::size_t elementsPerHugePage =
      Buffer::kHugePageBytes / sizeof(std::complex<double>);
  for (std::size_t size :
       {std::size_t(1), std::size_t(3), std::size_t(4096),
        elementsPerHugePage - 1, elementsPerHugePage, elementsPerHugePage + 1,
        3 * elementsPerHugePage + 7}) {
    SCOPED_TRACE(size);
    const bool huge =
        size * sizeof(std::complex<double>) >= Buffer::kHugePageBytes;
    for (int round = 0; round < 2;
         ++round) { // the second may reuse the first's memory
      Buffer buffer(size);
      ASSERT_EQ(buffer.size(), size);
      const auto address = reinterpret_cast<std::uintptr_t>(buffer.data());
      EXPECT_EQ(address % (huge ? Buffer::kHugePageBytes : Buffer::kPageBytes),
                0u);
      EXPECT_TRUE(isZero(buffer));
      for (std::size_t i = 0; i < size; ++i)
        buffer[i] = std::complex<double>(double(i), 1.0);
      EXPECT_EQ(buffer[size - 1], std::complex<double>(double(size - 1), 1.0));
      Buffer moved = std::move(buffer);
      EXPECT_EQ(moved[0], std::complex<double>(0.0, 1.0));
    }
  }
}

} // namespace
