// The replaced global allocation functions behind AllocationCount(). Link
// this file into an executable only when that executable wants counting:
// replacements apply to the whole program.
#include "allocation_counter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

namespace test_support {
long AllocationCount() { return g_allocations.load(std::memory_order_relaxed); }
}  // namespace test_support

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
// The nothrow form too (std::stable_sort's temporary buffer uses it): its
// memory comes back through the operator delete below, so both must agree
// on malloc/free or AddressSanitizer reports a mismatch.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size ? size : 1);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
