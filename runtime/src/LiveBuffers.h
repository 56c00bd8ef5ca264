//===- LiveBuffers.h - the buffers a run has allocated and not freed -*- C++
//-*-===//
//
// Every buffer compiled code allocates during a run is linked into the
// run's list (through its block header, see BufferAllocator.cpp) until it
// is freed. A run that ends with an error leaves its live buffers behind
// (the error skips the code that would free them); the run frees them then.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_RUNTIME_LIVEBUFFERS_H
#define COTANGENT_RUNTIME_LIVEBUFFERS_H

namespace cotangent::runtime {

/// The links in a block's header; null in a block allocated outside a run.
struct BufferLinks {
  BufferLinks *prev = nullptr, *next = nullptr;
};

class LiveBuffers {
public:
  LiveBuffers() { head_.prev = head_.next = &head_; }
  LiveBuffers(const LiveBuffers &) = delete;
  LiveBuffers &operator=(const LiveBuffers &) = delete;

  void link(BufferLinks &links) {
    links.prev = &head_;
    links.next = head_.next;
    head_.next->prev = &links;
    head_.next = &links;
  }
  static void unlink(BufferLinks &links) {
    if (!links.next)
      return;
    links.prev->next = links.next;
    links.next->prev = links.prev;
    links.prev = links.next = nullptr;
  }
  /// Frees every buffer still linked (defined in BufferAllocator.cpp).
  void freeAll();

private:
  BufferLinks head_; ///< A sentinel: the list is circular through it.
};

} // namespace cotangent::runtime

#endif
