//===- AlignedBuffer.h - Cache-line aligned arrays ------------------------===//
//
// State vectors start on a page boundary: vector loads never split a cache
// line, and a gate touching every other line (a control on wire 1) finds its
// lines at even offsets, which the hardware prefetchers stream at twice the
// speed of odd ones.
//
//===----------------------------------------------------------------------===//

#ifndef COTANGENT_RUNTIME_ALIGNEDBUFFER_H
#define COTANGENT_RUNTIME_ALIGNEDBUFFER_H

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace cotangent::runtime {

/// Owns `size` elements; T must be trivially destructible (no destructors run).
template <typename T> class AlignedBuffer {
  static_assert(std::is_trivially_destructible_v<T>);

public:
  static constexpr std::size_t kAlignment = 4096;

  AlignedBuffer() = default;
  /// `size` value-initialised (zero) elements.
  explicit AlignedBuffer(std::size_t size)
      : data_(static_cast<T *>(
            ::operator new(size * sizeof(T), std::align_val_t(kAlignment)))),
        size_(size) {
    std::uninitialized_value_construct_n(data_.get(), size);
  }

  T *data() { return data_.get(); }
  const T *data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  T &operator[](std::size_t i) { return data_[i]; }
  const T &operator[](std::size_t i) const { return data_[i]; }

private:
  struct Free {
    void operator()(T *data) const {
      ::operator delete(data, std::align_val_t(kAlignment));
    }
  };
  std::unique_ptr<T[], Free> data_;
  std::size_t size_ = 0;
};

} // namespace cotangent::runtime

#endif // COTANGENT_RUNTIME_ALIGNEDBUFFER_H
