// Four floats as one value for the structure-of-arrays loops (soa_clip.cpp,
// soa_layer_blend.cpp, soa_additive.cpp, local_to_model_jobs.cpp), in one of two forms:
//
// - GCC's and Clang's generic vectors (__attribute__((vector_size))), which
//   compile to SSE2 registers on x86-64, NEON on ARM, and scalar code
//   elsewhere; no intrinsics except an SSE square root. The loops use them
//   where GCC's auto-vectoriser gave up or kept needless copies: bitwise
//   selects (left on scalars), outputs that may alias the inputs (copied
//   through a local array to prove they do not), and 4x4 products (local
//   copies of both matrices kept on the stack).
// - A portable fallback for other compilers: plain arrays of four with the
//   same operators, lane by lane. Defining ANIM_SOA_SCALAR (the CMake option
//   ANIM_SOA_SCALAR) selects it with GCC and Clang too, so it is built and
//   tested here (tests/anim/soa_scalar_test.cpp). Both give the same results.
//
// Neither needs -fno-math-errno: Sqrt4 uses the SSE square root, which sets
// no errno, where the compiler would otherwise keep a branch per lane to
// call the library's sqrt on negative input (never the case here).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if !defined(ANIM_SOA_SCALAR) && (defined(__GNUC__) || defined(__clang__))
#define ANIM_SOA_VECTOR_EXTENSIONS 1
#else
#define ANIM_SOA_VECTOR_EXTENSIONS 0
#endif

#if ANIM_SOA_VECTOR_EXTENSIONS && defined(__SSE__)
#include <xmmintrin.h>
#endif

// Forces a function inline where a compiler would call it and pass vectors
// through memory (GCC at -O2, see soa_clip.cpp).
#if defined(__GNUC__) || defined(__clang__)
#define ANIM_SOA_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define ANIM_SOA_ALWAYS_INLINE __forceinline
#else
#define ANIM_SOA_ALWAYS_INLINE inline
#endif

namespace anim::soa {

#if ANIM_SOA_VECTOR_EXTENSIONS

using F32x4 = float __attribute__((vector_size(16)));
using I32x4 = std::int32_t __attribute__((vector_size(16)));

// Lane-wise square root.
inline F32x4 Sqrt4(F32x4 x) {
#if defined(__SSE__)
  return _mm_sqrt_ps(x);  // sqrtps; __m128 is the same generic vector type
#else
  // Vectorised only where the compiler may ignore errno (-fno-math-errno).
  for (int i = 0; i < 4; ++i) x[i] = std::sqrt(x[i]);
  return x;
#endif
}

#else  // the portable fallback

// Four lanes of T with the generic vectors' operators: arithmetic lane by
// lane, with a scalar on either side; comparisons give a mask per lane (all
// bits set where true, as the vector extensions do).
template <typename T>
struct Lanes {
  T lane[4];
  T& operator[](int i) { return lane[i]; }
  const T& operator[](int i) const { return lane[i]; }
};

using F32x4 = Lanes<float>;
using I32x4 = Lanes<std::int32_t>;

template <typename T, typename Op>
inline Lanes<T> Map(const Lanes<T>& a, const Lanes<T>& b, Op op) {
  return {op(a[0], b[0]), op(a[1], b[1]), op(a[2], b[2]), op(a[3], b[3])};
}

template <typename T>
inline Lanes<T> SplatLanes(T x) {
  return {x, x, x, x};
}

#define ANIM_SOA_LANE_OPERATOR(OP)                                    \
  template <typename T>                                               \
  inline Lanes<T> operator OP(const Lanes<T>& a, const Lanes<T>& b) { \
    return Map(a, b, [](T x, T y) -> T { return x OP y; });           \
  }                                                                   \
  template <typename T>                                               \
  inline Lanes<T> operator OP(const Lanes<T>& a, T b) {               \
    return a OP SplatLanes(b);                                        \
  }                                                                   \
  template <typename T>                                               \
  inline Lanes<T> operator OP(T a, const Lanes<T>& b) {               \
    return SplatLanes(a) OP b;                                        \
  }                                                                   \
  template <typename T>                                               \
  inline Lanes<T>& operator OP##=(Lanes<T>& a, const Lanes<T>& b) {   \
    return a = a OP b;                                                \
  }
ANIM_SOA_LANE_OPERATOR(+)
ANIM_SOA_LANE_OPERATOR(-)
ANIM_SOA_LANE_OPERATOR(*)
ANIM_SOA_LANE_OPERATOR(/)
ANIM_SOA_LANE_OPERATOR(&)
ANIM_SOA_LANE_OPERATOR(|)
ANIM_SOA_LANE_OPERATOR(^)
#undef ANIM_SOA_LANE_OPERATOR

inline F32x4 operator-(const F32x4& a) { return {-a[0], -a[1], -a[2], -a[3]}; }
inline I32x4 operator~(const I32x4& a) { return {~a[0], ~a[1], ~a[2], ~a[3]}; }

#define ANIM_SOA_LANE_COMPARISON(OP)                             \
  inline I32x4 operator OP(const F32x4& a, const F32x4& b) {     \
    I32x4 mask;                                                  \
    for (int i = 0; i < 4; ++i) mask[i] = a[i] OP b[i] ? -1 : 0; \
    return mask;                                                 \
  }                                                              \
  inline I32x4 operator OP(const F32x4& a, float b) { return a OP SplatLanes(b); }
ANIM_SOA_LANE_COMPARISON(<)
ANIM_SOA_LANE_COMPARISON(>)
#undef ANIM_SOA_LANE_COMPARISON

inline F32x4 Sqrt4(F32x4 x) {
  for (int i = 0; i < 4; ++i) x[i] = std::sqrt(x[i]);
  return x;
}

#endif

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

// Whether any lane of a mask is set, and whether every lane is (masks from
// comparisons have all bits of a lane set or none): one movmskps with SSE.
inline bool Any(const I32x4& mask) {
#if ANIM_SOA_VECTOR_EXTENSIONS && defined(__SSE__)
  return _mm_movemask_ps(FromBits(mask)) != 0;
#else
  return (mask[0] | mask[1] | mask[2] | mask[3]) != 0;
#endif
}

inline bool All(const I32x4& mask) {
#if ANIM_SOA_VECTOR_EXTENSIONS && defined(__SSE__)
  return _mm_movemask_ps(FromBits(mask)) == 0xF;
#else
  return (mask[0] & mask[1] & mask[2] & mask[3]) != 0;
#endif
}

}  // namespace anim::soa
