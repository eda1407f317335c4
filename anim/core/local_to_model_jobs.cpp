#include "anim/core/local_to_model_jobs.h"

#include <algorithm>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "anim/core/affine.h"
#include "anim/core/job_messages.h"
#include "anim/core/joint_offset.h"
#include "anim/core/soa_dispatch.h"
#include "anim/core/soa_vector.h"

namespace anim {

namespace msg = job_messages;

// The kernel: local matrices four joints at a time (eight where the
// processor has AVX: soa_dispatch.h) from the pose's channel arrays,
// chained to their parents, and with them the palette.
namespace {

using soa::F32x4;
using soa::Load4;
using soa::Store4;

// o = a * b for an affine b given by its upper 3x4 part, column-major,
// element e at b[e * kStride]: affine::MultiplyAffine's sums in its order,
// so the results are identical, each column of o one vector sum of a's
// columns times b's elements. kStride lets b be read straight from lane
// arrays. (Written on plain float arrays, GCC kept copies of a and o on the
// stack: ten stores a product that nothing read.)
template <int kStride>
ANIM_SOA_ALWAYS_INLINE void MultiplyAffine3x4(const glm::mat4& a_matrix, const float* b,
                                              glm::mat4& o) {
  const float* a = &a_matrix[0][0];
  const F32x4 a0 = Load4(a), a1 = Load4(a + 4), a2 = Load4(a + 8), a3 = Load4(a + 12);
  float* out = &o[0][0];
  for (int c = 0; c < 3; ++c) {
    Store4(out + 4 * c, a0 * b[(3 * c) * kStride] + a1 * b[(3 * c + 1) * kStride] +
                            a2 * b[(3 * c + 2) * kStride]);
  }
  Store4(out + 12, a0 * b[9 * kStride] + a1 * b[10 * kStride] + a2 * b[11 * kStride] + a3);
}

// MultiplyAffine3x4 with b's elements stored four times each, element e at
// b[Slot(e)] (Skeleton::SplatAffine3x4).
ANIM_SOA_ALWAYS_INLINE void MultiplyAffine3x4Splat(const glm::mat4& a_matrix, const float (*b)[4],
                                                   glm::mat4& o) {
  using Splat = Skeleton::SplatAffine3x4;
  const auto e = [b](int i) { return Load4(b[Splat::Slot(i)]); };
  const float* a = &a_matrix[0][0];
  const F32x4 a0 = Load4(a), a1 = Load4(a + 4), a2 = Load4(a + 8), a3 = Load4(a + 12);
  float* out = &o[0][0];
  for (int c = 0; c < 3; ++c) {
    Store4(out + 4 * c, a0 * e(3 * c) + a1 * e(3 * c + 1) + a2 * e(3 * c + 2));
  }
  Store4(out + 12, a0 * e(9) + a1 * e(10) + a2 * e(11) + a3);
}

#if ANIM_SOA_WIDE
using soa::F32x8;

// The two products above with two columns of o per eight-lane vector
// (columns 0 and 1, then 2 and 3): half the multiplies and adds, and every
// operand made by loads that broadcast and blends, none by shuffles (the
// processor's one shuffle port is what the four-lane products wait on).
// Each lane does what it does above, so the bits are the same; column 2
// adds -0, which leaves every sum as it is, where column 3 adds a's fourth
// column. Built for AVX, inlined only into functions built for it.
ANIM_SOA_WIDE_TARGET ANIM_SOA_ALWAYS_INLINE __m256 Columns(const glm::mat4& a, int c) {
  return _mm256_broadcast_ps(reinterpret_cast<const __m128*>(&a[c][0]));
}

// [x x x x y y y y].
ANIM_SOA_WIDE_TARGET ANIM_SOA_ALWAYS_INLINE __m256 Halves(const float* x, const float* y) {
  return _mm256_blend_ps(_mm256_broadcast_ss(x), _mm256_broadcast_ss(y), 0xF0);
}

// A matrix's columns, each in both halves of a register (a3 with -0 in its
// low half), for products two columns at a time: [c0 | c1] and [c2 | c3].
struct Doubled {
  __m256 a0, a1, a2, a3;
};
// o = a * b, stored, and its halves left in *c01 and *c23 where given.
ANIM_SOA_WIDE_TARGET ANIM_SOA_ALWAYS_INLINE void StoreProduct(const Doubled& a,
                                                              const __m256 (&b)[6], glm::mat4& o,
                                                              __m256* c01 = nullptr,
                                                              __m256* c23 = nullptr) {
  const __m256 lo =
      _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(a.a0, b[0]), _mm256_mul_ps(a.a1, b[1])),
                    _mm256_mul_ps(a.a2, b[2]));
  const __m256 hi = _mm256_add_ps(
      _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(a.a0, b[3]), _mm256_mul_ps(a.a1, b[4])),
                    _mm256_mul_ps(a.a2, b[5])),
      a.a3);
  float* out = &o[0][0];
  _mm256_storeu_ps(out, lo);
  _mm256_storeu_ps(out + 8, hi);
  if (c01 != nullptr) *c01 = lo, *c23 = hi;
}

ANIM_SOA_WIDE_TARGET ANIM_SOA_ALWAYS_INLINE void StorePairs(const glm::mat4& a,
                                                            const __m256 (&b)[6], glm::mat4& o,
                                                            __m256* c01 = nullptr,
                                                            __m256* c23 = nullptr) {
  const Doubled d{Columns(a, 0), Columns(a, 1), Columns(a, 2),
                  _mm256_blend_ps(_mm256_set1_ps(-0.0f), Columns(a, 3), 0xF0)};
  StoreProduct(d, b, o, c01, c23);
}

template <int kStride>
ANIM_SOA_WIDE_TARGET inline void MultiplyAffine3x4Pairs(const glm::mat4& a, const float* b,
                                                        glm::mat4& o, __m256* c01 = nullptr,
                                                        __m256* c23 = nullptr) {
  const __m256 pairs[6] = {Halves(b, b + 3 * kStride),
                           Halves(b + kStride, b + 4 * kStride),
                           Halves(b + 2 * kStride, b + 5 * kStride),
                           Halves(b + 6 * kStride, b + 9 * kStride),
                           Halves(b + 7 * kStride, b + 10 * kStride),
                           Halves(b + 8 * kStride, b + 11 * kStride)};
  StorePairs(a, pairs, o, c01, c23);
}

// b's elements side by side as the products pair them (SplatAffine3x4::Slot):
// one load each.
ANIM_SOA_WIDE_TARGET inline void MultiplyAffine3x4SplatPairs(const glm::mat4& a,
                                                             const float (*b)[4], glm::mat4& o) {
  const __m256 pairs[6] = {_mm256_loadu_ps(b[0]), _mm256_loadu_ps(b[2]), _mm256_loadu_ps(b[4]),
                           _mm256_loadu_ps(b[6]), _mm256_loadu_ps(b[8]), _mm256_loadu_ps(b[10])};
  StorePairs(a, pairs, o);
}

// The same with a given as the halves of a product just made (c01, c23),
// its columns doubled by shuffles instead of loaded back from memory.
ANIM_SOA_WIDE_TARGET inline void MultiplyAffine3x4SplatPairsFrom(const __m256& c01,
                                                                 const __m256& c23,
                                                                 const float (*b)[4],
                                                                 glm::mat4& o) {
  const __m256 pairs[6] = {_mm256_loadu_ps(b[0]), _mm256_loadu_ps(b[2]), _mm256_loadu_ps(b[4]),
                           _mm256_loadu_ps(b[6]), _mm256_loadu_ps(b[8]), _mm256_loadu_ps(b[10])};
  const Doubled d{
      _mm256_permute2f128_ps(c01, c01, 0x00), _mm256_permute2f128_ps(c01, c01, 0x11),
      _mm256_permute2f128_ps(c23, c23, 0x00),
      _mm256_blend_ps(_mm256_set1_ps(-0.0f), _mm256_permute2f128_ps(c23, c23, 0x11), 0xF0)};
  StoreProduct(d, pairs, o);
}
#endif

// A root or a joint with an offset (JointModelMatrix, joint_offset.h);
// the local matrix's element e is m[e * kStride].
template <int kStride>
void ModelSpaceWithOffset(const Skeleton& skeleton, int j, const float* m,
                          std::span<glm::mat4> out) {
  const int p = skeleton.Parents()[j];
  const glm::mat4 local(glm::vec4(m[0], m[kStride], m[2 * kStride], 0.0f),
                        glm::vec4(m[3 * kStride], m[4 * kStride], m[5 * kStride], 0.0f),
                        glm::vec4(m[6 * kStride], m[7 * kStride], m[8 * kStride], 0.0f),
                        glm::vec4(m[9 * kStride], m[10 * kStride], m[11 * kStride], 1.0f));
  out[j] = JointModelMatrix(skeleton.OffsetKinds()[j], skeleton.Offsets()[j], local,
                            p < 0 ? nullptr : &out[p]);
}

// The local matrices of the kSoaLanes joints from j0 as
// glm::mat3_cast(rotation) with columns scaled (ToMatrix), V's lanes at a
// time: m[column * 3 + row][lane].
template <typename V>
ANIM_SOA_ALWAYS_INLINE void LocalMatrices(const SoaPose& pose, int j0, float (&m)[12][kSoaLanes]) {
  using soa::Load;
  using soa::Store;
  for (int h = 0; h < kSoaLanes; h += soa::kLanesOf<V>) {
    const int j = j0 + h;
    const V qx = Load<V>(pose.Channel(kQx) + j), qy = Load<V>(pose.Channel(kQy) + j);
    const V qz = Load<V>(pose.Channel(kQz) + j), qw = Load<V>(pose.Channel(kQw) + j);
    const V sx = Load<V>(pose.Channel(kSx) + j), sy = Load<V>(pose.Channel(kSy) + j);
    const V sz = Load<V>(pose.Channel(kSz) + j);
    const V qxx = qx * qx, qyy = qy * qy, qzz = qz * qz;
    const V qxz = qx * qz, qxy = qx * qy, qyz = qy * qz;
    const V qwx = qw * qx, qwy = qw * qy, qwz = qw * qz;
    Store(m[0] + h, (1.0f - 2.0f * (qyy + qzz)) * sx);
    Store(m[1] + h, (2.0f * (qxy + qwz)) * sx);
    Store(m[2] + h, (2.0f * (qxz - qwy)) * sx);
    Store(m[3] + h, (2.0f * (qxy - qwz)) * sy);
    Store(m[4] + h, (1.0f - 2.0f * (qxx + qzz)) * sy);
    Store(m[5] + h, (2.0f * (qyz + qwx)) * sy);
    Store(m[6] + h, (2.0f * (qxz + qwy)) * sz);
    Store(m[7] + h, (2.0f * (qyz - qwx)) * sz);
    Store(m[8] + h, (1.0f - 2.0f * (qxx + qyy)) * sz);
    Store(m[9] + h, Load<V>(pose.Channel(kTx) + j));
    Store(m[10] + h, Load<V>(pose.Channel(kTy) + j));
    Store(m[11] + h, Load<V>(pose.Channel(kTz) + j));
  }
}

// ComputeModelMatrices, kSoaLanes joints at a time (their local matrices
// V's lanes at a time), and with kPalette also palette[j] = out[j] *
// inverse_bind[j] (skeleton.h's ComputePalette) right after out[j] is made
// (with kPairs from the registers its product left it in, not loaded back
// through the store just made), with the inverse bind matrices' affine
// parts prepared once (Skeleton::InverseBindSplat) instead of tested every
// frame. kPairs: the products two columns at a time (only in functions
// built for AVX).
template <bool kPalette, typename V, bool kPairs>
ANIM_SOA_ALWAYS_INLINE void ModelSpaceBlocks(const Skeleton& skeleton, const SoaPose& pose,
                                             std::span<glm::mat4> out,
                                             std::span<glm::mat4> palette) {
  constexpr int kLanes = kSoaLanes;
  const int n = skeleton.JointCount();
  const std::span<const int> parents = skeleton.Parents();
  const std::span<const OffsetKind> kinds = skeleton.OffsetKinds();
  for (int j0 = 0; j0 < n; j0 += kLanes) {
    float m[12][kLanes];
    LocalMatrices<V>(pose, j0, m);
    // Then each joint after its parent. The common joint (identity offset,
    // a parent) is multiplied straight from the lane arrays: out[p] times the
    // affine local, column by column, the sums of affine::MultiplyAffine. So
    // is a root under an affine offset (an armature's scale and turn, as
    // Mixamo exports have): the offset times its local, which is what
    // JointModelMatrix gives there, in vectors instead of glm's scalars.
    const int lanes = std::min(kLanes, n - j0);
    for (int l = 0; l < lanes; ++l) {
      const int j = j0 + l;
      const int p = parents[j];
      const bool common = p >= 0 && kinds[j] == OffsetKind::kIdentity;
#if ANIM_SOA_WIDE
      [[maybe_unused]] bool in_registers = false;
      [[maybe_unused]] __m256 c01, c23;
#endif
      if (common || (p < 0 && kinds[j] == OffsetKind::kAffine)) {
        const glm::mat4& parent = common ? out[p] : skeleton.Offsets()[j];
#if ANIM_SOA_WIDE
        if constexpr (kPairs) {
          MultiplyAffine3x4Pairs<kLanes>(parent, &m[0][l], out[j], &c01, &c23);
          in_registers = true;
        } else {
          MultiplyAffine3x4<kLanes>(parent, &m[0][l], out[j]);
        }
#else
        MultiplyAffine3x4<kLanes>(parent, &m[0][l], out[j]);
#endif
      } else {
        ModelSpaceWithOffset<kLanes>(skeleton, j, &m[0][l], out);
      }
      if constexpr (kPalette) {
        const Skeleton::SplatAffine3x4& bind = skeleton.InverseBindSplat()[j];
        if (bind.affine) {
#if ANIM_SOA_WIDE
          if constexpr (kPairs) {
            if (in_registers) {
              MultiplyAffine3x4SplatPairsFrom(c01, c23, bind.m, palette[j]);
            } else {
              MultiplyAffine3x4SplatPairs(out[j], bind.m, palette[j]);
            }
          } else {
            MultiplyAffine3x4Splat(out[j], bind.m, palette[j]);
          }
#else
          MultiplyAffine3x4Splat(out[j], bind.m, palette[j]);
#endif
        } else {
          palette[j] = out[j] * skeleton.InverseBindMatrices()[j];
        }
      }
    }
  }
}

#if ANIM_SOA_WIDE
// Eight joints a block.
template <bool kPalette>
ANIM_SOA_WIDE_TARGET void ModelSpaceWide(const Skeleton& skeleton, const SoaPose& pose,
                                         std::span<glm::mat4> out, std::span<glm::mat4> palette) {
  ModelSpaceBlocks<kPalette, F32x8, true>(skeleton, pose, out, palette);
}
#endif

template <bool kPalette>
void ModelSpace(const Skeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> out,
                std::span<glm::mat4> palette) {
#if ANIM_SOA_WIDE
  if (soa::WideKernels()) {
    ModelSpaceWide<kPalette>(skeleton, pose, out, palette);
    return;
  }
#endif
  ModelSpaceBlocks<kPalette, F32x4, false>(skeleton, pose, out, palette);
}

}  // namespace

// The jobs around it.
namespace {

// What both jobs ask of the skeleton, the input pose and the model matrices.
std::string CheckModelSpace(const Skeleton* skeleton, const SoaPose* input,
                            std::span<const glm::mat4> model, const char* model_field) {
  if (skeleton == nullptr) return msg::Null("skeleton");
  if (input == nullptr) return msg::Null("input");
  const int n = skeleton->JointCount();
  if (input->JointCount() != n) {
    return msg::CountMismatch("input", static_cast<std::size_t>(input->JointCount()), "joints",
                              "the skeleton", n);
  }
  if (model.size() != static_cast<std::size_t>(n)) {
    return msg::CountMismatch(model_field, model.size(), "matrices", "the skeleton", n);
  }
  return {};
}

}  // namespace

std::string LocalToModelJob::Validate() const {
  return CheckModelSpace(skeleton, input, output, "output");
}

bool LocalToModelJob::Run() const {
  if (!Validate().empty()) return false;
  ModelSpace<false>(*skeleton, *input, output, {});
  return true;
}

std::string PaletteJob::Validate() const {
  std::string problem = CheckModelSpace(skeleton, input, model, "model");
  if (!problem.empty()) return problem;
  if (palette.size() != model.size()) {
    return msg::CountMismatch("palette", palette.size(), "matrices", "the skeleton",
                              skeleton->JointCount());
  }
  // The palette of joint j is written after model[j]: in one buffer it would
  // overwrite the parents' model matrices that children still read.
  if (!palette.empty() && palette.data() == model.data()) {
    return "palette is the same buffer as model (the children read their parents' model matrices)";
  }
  return {};
}

bool PaletteJob::Run() const {
  if (!Validate().empty()) return false;
  ModelSpace<true>(*skeleton, *input, model, palette);
  return true;
}

bool ComputeModelMatrices(const Skeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> out) {
  return LocalToModelJob{&skeleton, &pose, out}.Run();
}

bool ComputePalette(const Skeleton& skeleton, const SoaPose& pose,
                    std::span<glm::mat4> model_scratch, std::span<glm::mat4> palette) {
  return PaletteJob{&skeleton, &pose, model_scratch, palette}.Run();
}

glm::mat4 ModelMatrixOf(const Skeleton& skeleton, const SoaPose& pose, int joint) {
  // From the joint up, each step's (offset * local) multiplied in on the
  // left: a loop, whatever the chain's depth.
  const std::span<const glm::mat4> offsets = skeleton.Offsets();
  const std::span<const OffsetKind> kinds = skeleton.OffsetKinds();
  glm::mat4 below(1.0f);
  for (int j = joint; j >= 0; j = skeleton.Parent(j)) {
    const glm::mat4 step = JointModelMatrix(kinds[j], offsets[j], ToMatrix(pose.Local(j)), nullptr);
    below = step * below;
  }
  return below;
}

}  // namespace anim
