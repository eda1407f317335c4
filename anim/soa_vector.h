// Four floats as one value: the generic vectors of GCC and Clang
// (__attribute__((vector_size))), which compile to SSE2 registers on
// x86-64, NEON on ARM, and scalar code elsewhere; no intrinsics. The
// structure-of-arrays loops (soa_clip.cpp, soa_pose.cpp, soa_skeleton.cpp)
// use them where GCC's auto-vectoriser gave up or kept needless copies:
// bitwise selects (left on scalars), outputs that may alias the inputs
// (copied through a local array to prove they do not), and 4x4 products
// (local copies of both matrices kept on the stack).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace anim::soa {

using F32x4 = float __attribute__((vector_size(16)));
using I32x4 = std::int32_t __attribute__((vector_size(16)));

inline F32x4 Load4(const float* p) {
  F32x4 v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

inline void Store4(float* p, const F32x4& v) { std::memcpy(p, &v, sizeof(v)); }

inline F32x4 Splat4(float x) { return F32x4{x, x, x, x}; }

// The same bits seen as the other type (memcpy: the one cast with no
// aliasing question; it compiles to nothing).
inline I32x4 Bits(const F32x4& f) {
  I32x4 i;
  std::memcpy(&i, &f, sizeof(i));
  return i;
}

inline F32x4 FromBits(const I32x4& i) {
  F32x4 f;
  std::memcpy(&f, &i, sizeof(f));
  return f;
}

// Lanes of `yes` where `mask` is all ones, of `no` where it is zero (the
// comparisons of F32x4 values give such masks).
inline F32x4 Select(const I32x4& mask, const F32x4& yes, const F32x4& no) {
  return FromBits((Bits(yes) & mask) | (Bits(no) & ~mask));
}

// x with its sign flipped in the lanes where `mask` is all ones (exact).
inline F32x4 FlipSign(const I32x4& mask, const F32x4& x) {
  return FromBits(Bits(x) ^ (mask & static_cast<std::int32_t>(0x80000000u)));
}

// Whether any lane of a mask is set.
inline bool Any(const I32x4& mask) { return (mask[0] | mask[1] | mask[2] | mask[3]) != 0; }

// Lane-wise square root; GCC and Clang turn the loop into one sqrtps.
inline F32x4 Sqrt4(F32x4 x) {
  for (int i = 0; i < 4; ++i) x[i] = std::sqrt(x[i]);
  return x;
}

}  // namespace anim::soa
