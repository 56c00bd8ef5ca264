//===- LiveAllocations.h - what a run has allocated and not freed -*- C++
//-*-===//
//
// Every buffer compiled code allocates during a run, and every residual tape
// of a custom-gradient call, is linked into the run's list (through links
// inside the allocation) until it is freed. A run that ends with an error
// leaves them behind (the error skips the code that would free them); the
// run releases them then.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_RUNTIME_LIVEALLOCATIONS_H
#define COTANGENT_RUNTIME_LIVEALLOCATIONS_H

namespace cotangent::runtime {

/// The links inside an allocation; null in one made outside a run.
struct AllocationLinks {
  AllocationLinks *prev = nullptr, *next = nullptr;
  /// Frees the allocation holding these links (and unlinks them).
  void (*release)(AllocationLinks *) = nullptr;
};

class LiveAllocations {
public:
  LiveAllocations() { head_.prev = head_.next = &head_; }
  LiveAllocations(const LiveAllocations &) = delete;
  LiveAllocations &operator=(const LiveAllocations &) = delete;

  void link(AllocationLinks &links) {
    links.prev = &head_;
    links.next = head_.next;
    head_.next->prev = &links;
    head_.next = &links;
  }
  static void unlink(AllocationLinks &links) {
    if (!links.next)
      return;
    links.prev->next = links.next;
    links.next->prev = links.prev;
    links.prev = links.next = nullptr;
  }
  /// Releases everything still linked.
  void releaseAll() {
    while (head_.next != &head_)
      head_.next->release(head_.next);
  }

private:
  AllocationLinks head_; ///< A sentinel: the list is circular through it.
};

} // namespace cotangent::runtime

#endif
