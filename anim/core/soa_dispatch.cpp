#include "anim/core/soa_dispatch.h"

#include <atomic>

#include "anim/core/soa_vector.h"

namespace anim::soa {

namespace {

bool DetectWide() {
#if ANIM_SOA_WIDE
  // GCC's and Clang's check also asks the system (XGETBV) whether it saves
  // the 256-bit registers. The explicit init makes it right even when the
  // first call comes from a static constructor that runs before the
  // compiler runtime's own.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx");
#else
  return false;
#endif
}

std::atomic<bool>& WideFlag() {
  static std::atomic<bool> wide{WideKernelsSupported()};
  return wide;
}

}  // namespace

bool WideKernelsSupported() {
  static const bool supported = DetectWide();
  return supported;
}

bool WideKernels() { return WideFlag().load(std::memory_order_relaxed); }

void SetWideKernels(bool on) {
  WideFlag().store(on && WideKernelsSupported(), std::memory_order_relaxed);
}

}  // namespace anim::soa
