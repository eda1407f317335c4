// Four floats as one value for the structure-of-arrays loops (soa_clip.cpp,
// soa_layer_blend.cpp, soa_additive.cpp, local_to_model_jobs.cpp), in one of
// two forms (and eight floats, F32x8 below, where the processor has AVX):
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

// Any and All: whether any lane of a mask is set, and whether every lane is
// (masks from comparisons have all bits of a lane set or none): one
// movmskps with SSE.
inline bool Any(const I32x4& mask) {
#if ANIM_SOA_VECTOR_EXTENSIONS && defined(__SSE__)
  F32x4 f;
  std::memcpy(&f, &mask, sizeof(f));
  return _mm_movemask_ps(f) != 0;
#else
  return (mask[0] | mask[1] | mask[2] | mask[3]) != 0;
#endif
}

inline bool All(const I32x4& mask) {
#if ANIM_SOA_VECTOR_EXTENSIONS && defined(__SSE__)
  F32x4 f;
  std::memcpy(&f, &mask, sizeof(f));
  return _mm_movemask_ps(f) == 0xF;
#else
  return (mask[0] & mask[1] & mask[2] & mask[3]) != 0;
#endif
}

inline F32x4 Sqrt(const F32x4& x) { return Sqrt4(x); }

// Eight lanes, for the loops that also run eight joints at a time where the
// processor has AVX (soa_dispatch.h): the same generic vectors, twice as
// wide. They are only for functions built for AVX
// (ANIM_SOA_WIDE_TARGET, __attribute__((target("avx")))) and what is inlined
// into them; elsewhere the compiler would split every operation in two.
// Every function that takes or returns one by value must be always inlined
// (ANIM_SOA_ALWAYS_INLINE): a real call between a function built for AVX
// and one that is not passes them in different registers, which is what
// the compilers' -Wpsabi (turned off in CMakeLists.txt, since it also flags
// the inlined helpers) is about. The sanitizer build, at -O1, inlines
// nothing else, and anim_soa_wide_tests catches a missed one there (it did,
// once: interpolation.h's series). Only with the vector extensions on
// x86-64.
#if ANIM_SOA_VECTOR_EXTENSIONS && defined(__x86_64__)
#define ANIM_SOA_WIDE 1
#define ANIM_SOA_WIDE_TARGET __attribute__((target("avx")))
using F32x8 = float __attribute__((vector_size(32)));
using I32x8 = std::int32_t __attribute__((vector_size(32)));

// Four lanes then four more as one vector.
ANIM_SOA_ALWAYS_INLINE F32x8 Concat(const F32x4& lo, const F32x4& hi) {
  return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7);
}

// The square root of each half with SSE: an AVX intrinsic cannot be
// inlined into the kernels shared by both widths, which are not built for
// AVX themselves; one extract and one insert more per eight lanes.
ANIM_SOA_ALWAYS_INLINE F32x8 Sqrt(const F32x8& x) {
  const F32x4 lo = Sqrt4(__builtin_shufflevector(x, x, 0, 1, 2, 3));
  const F32x4 hi = Sqrt4(__builtin_shufflevector(x, x, 4, 5, 6, 7));
  return Concat(lo, hi);
}

// The two halves combined, then one movmskps.
ANIM_SOA_ALWAYS_INLINE bool Any(const I32x8& mask) {
  return Any(__builtin_shufflevector(mask, mask, 0, 1, 2, 3) |
             __builtin_shufflevector(mask, mask, 4, 5, 6, 7));
}

ANIM_SOA_ALWAYS_INLINE bool All(const I32x8& mask) {
  return All(__builtin_shufflevector(mask, mask, 0, 1, 2, 3) &
             __builtin_shufflevector(mask, mask, 4, 5, 6, 7));
}
#else
#define ANIM_SOA_WIDE 0
#define ANIM_SOA_WIDE_TARGET
#endif

// What follows is written for either width V (F32x4, or F32x8): its mask
// type (what its comparisons give) and its lane count.
template <typename V>
using MaskOf = decltype(V{} < V{});

template <typename V>
inline constexpr int kLanesOf = static_cast<int>(sizeof(V) / sizeof(float));

template <typename V>
ANIM_SOA_ALWAYS_INLINE V Load(const float* p) {
  V v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

template <typename V>
ANIM_SOA_ALWAYS_INLINE void Store(float* p, const V& v) {
  std::memcpy(p, &v, sizeof(v));
}

// (A loop over the lanes compiled to one insert per lane.)
template <typename V>
ANIM_SOA_ALWAYS_INLINE V Splat(float x) {
  if constexpr (kLanesOf<V> == 8) {
    return V{x, x, x, x, x, x, x, x};
  } else {
    return V{x, x, x, x};
  }
}

inline F32x4 Load4(const float* p) { return Load<F32x4>(p); }
inline void Store4(float* p, const F32x4& v) { Store(p, v); }
inline F32x4 Splat4(float x) { return F32x4{x, x, x, x}; }

// The same bits seen as the other type (memcpy: the one cast with no
// aliasing question; it compiles to nothing).
template <typename V>
ANIM_SOA_ALWAYS_INLINE MaskOf<V> Bits(const V& f) {
  MaskOf<V> i;
  std::memcpy(&i, &f, sizeof(i));
  return i;
}

template <typename V>
ANIM_SOA_ALWAYS_INLINE V FromBits(const MaskOf<V>& i) {
  V f;
  std::memcpy(&f, &i, sizeof(f));
  return f;
}

// Lanes of `yes` where `mask` is all ones, of `no` where it is zero (the
// comparisons of float vectors give such masks).
template <typename V>
ANIM_SOA_ALWAYS_INLINE V Select(const MaskOf<V>& mask, const V& yes, const V& no) {
  return FromBits<V>((Bits(yes) & mask) | (Bits(no) & ~mask));
}

// x with its sign flipped in the lanes where `mask` is all ones (exact).
template <typename V>
ANIM_SOA_ALWAYS_INLINE V FlipSign(const MaskOf<V>& mask, const V& x) {
  return FromBits<V>(Bits(x) ^ (mask & static_cast<std::int32_t>(0x80000000u)));
}

}  // namespace anim::soa
