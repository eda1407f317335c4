#include "anim/soa_skeleton.h"

#include <algorithm>
#include <cstring>

#include "anim/affine.h"
#include "anim/jobs/kernels.h"
#include "anim/joint_offset.h"
#include "anim/soa_vector.h"

namespace anim {

using affine::IsAffine;

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
inline void MultiplyAffine3x4(const glm::mat4& a_matrix, const float* b, glm::mat4& o) {
  const float* a = &a_matrix[0][0];
  const F32x4 a0 = Load4(a), a1 = Load4(a + 4), a2 = Load4(a + 8), a3 = Load4(a + 12);
  float* out = &o[0][0];
  for (int c = 0; c < 3; ++c) {
    Store4(out + 4 * c, a0 * b[(3 * c) * kStride] + a1 * b[(3 * c + 1) * kStride] +
                            a2 * b[(3 * c + 2) * kStride]);
  }
  Store4(out + 12, a0 * b[9 * kStride] + a1 * b[10 * kStride] + a2 * b[11 * kStride] + a3);
}

// MultiplyAffine3x4 with b's elements stored four times each (SplatAffine3x4).
inline void MultiplyAffine3x4Splat(const glm::mat4& a_matrix, const float (*b)[4], glm::mat4& o) {
  const float* a = &a_matrix[0][0];
  const F32x4 a0 = Load4(a), a1 = Load4(a + 4), a2 = Load4(a + 8), a3 = Load4(a + 12);
  float* out = &o[0][0];
  for (int c = 0; c < 3; ++c) {
    Store4(out + 4 * c, a0 * Load4(b[3 * c]) + a1 * Load4(b[3 * c + 1]) + a2 * Load4(b[3 * c + 2]));
  }
  Store4(out + 12, a0 * Load4(b[9]) + a1 * Load4(b[10]) + a2 * Load4(b[11]) + a3);
}

}  // namespace

SoaSkeleton::SoaSkeleton(const Skeleton& skeleton)
    : SoaSkeleton(skeleton.RestPose(), skeleton.InverseBindMatrices()) {
  rest_.CopyFrom(skeleton.SoaRestPose());  // with the default morph weights
}

SoaSkeleton::SoaSkeleton(const Pose& rest)
    : SoaSkeleton(rest, std::vector<glm::mat4>(rest.JointCount(), glm::mat4(1.0f))) {}

SoaSkeleton::SoaSkeleton(const Pose& rest, std::span<const glm::mat4> inverse_bind) {
  const int n = rest.JointCount();
  parents_.assign(rest.Parents().begin(), rest.Parents().end());
  offsets_.assign(n, glm::mat4(1.0f));
  if (!rest.Offsets().empty()) offsets_.assign(rest.Offsets().begin(), rest.Offsets().end());
  offset_kinds_.reserve(n);
  for (const glm::mat4& m : offsets_) offset_kinds_.push_back(ClassifyOffset(m));
  inverse_bind_.assign(inverse_bind.begin(), inverse_bind.end());
  for (const glm::mat4& m : inverse_bind_) {
    SplatAffine3x4 a;
    a.affine = IsAffine(m);
    for (int c = 0; c < 4; ++c) {
      for (int row = 0; row < 3; ++row) std::fill_n(a.m[3 * c + row], 4, m[c][row]);
    }
    inverse_bind_splat_.push_back(a);
  }
  rest_.Load(rest);
}

namespace {

// A root or a joint with an offset (JointModelMatrix, as Pose's);
// the local matrix's element e is m[e * kSoaLanes].
void ModelSpaceWithOffset(const SoaSkeleton& skeleton, int j, const float* m,
                          std::span<glm::mat4> out) {
  const int p = skeleton.Parents()[j];
  const glm::mat4 local(glm::vec4(m[0], m[kSoaLanes], m[2 * kSoaLanes], 0.0f),
                        glm::vec4(m[3 * kSoaLanes], m[4 * kSoaLanes], m[5 * kSoaLanes], 0.0f),
                        glm::vec4(m[6 * kSoaLanes], m[7 * kSoaLanes], m[8 * kSoaLanes], 0.0f),
                        glm::vec4(m[9 * kSoaLanes], m[10 * kSoaLanes], m[11 * kSoaLanes], 1.0f));
  out[j] = JointModelMatrix(skeleton.OffsetKinds()[j], skeleton.Offsets()[j], local,
                            p < 0 ? nullptr : &out[p]);
}

// ComputeModelMatrices, and with kPalette also palette[j] = out[j] *
// inverse_bind[j] (skeleton.h's ComputePalette) right after out[j] is made,
// while it is still in registers, with the inverse bind matrices' affine
// parts prepared once (SoaSkeleton) instead of tested every frame.
template <bool kPalette>
void ModelSpace(const SoaSkeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> out,
                std::span<glm::mat4> palette) {
  const int n = skeleton.JointCount();
  const std::span<const int> parents = skeleton.Parents();
  const std::span<const OffsetKind> kinds = skeleton.OffsetKinds();
  for (int j0 = 0; j0 < n; j0 += kSoaLanes) {
    // The local matrices of kSoaLanes joints as glm::mat3_cast(rotation)
    // with columns scaled (ToMatrix), one straight loop over the lanes that
    // the compiler vectorises: m[column * 3 + row].
    float m[12][kSoaLanes];
    {
      const float* qx = pose.Channel(kQx) + j0;
      const float* qy = pose.Channel(kQy) + j0;
      const float* qz = pose.Channel(kQz) + j0;
      const float* qw = pose.Channel(kQw) + j0;
      const float* sx = pose.Channel(kSx) + j0;
      const float* sy = pose.Channel(kSy) + j0;
      const float* sz = pose.Channel(kSz) + j0;
      const float* tx = pose.Channel(kTx) + j0;
      const float* ty = pose.Channel(kTy) + j0;
      const float* tz = pose.Channel(kTz) + j0;
      for (int l = 0; l < kSoaLanes; ++l) {
        const float qxx = qx[l] * qx[l], qyy = qy[l] * qy[l], qzz = qz[l] * qz[l];
        const float qxz = qx[l] * qz[l], qxy = qx[l] * qy[l], qyz = qy[l] * qz[l];
        const float qwx = qw[l] * qx[l], qwy = qw[l] * qy[l], qwz = qw[l] * qz[l];
        m[0][l] = (1.0f - 2.0f * (qyy + qzz)) * sx[l];
        m[1][l] = (2.0f * (qxy + qwz)) * sx[l];
        m[2][l] = (2.0f * (qxz - qwy)) * sx[l];
        m[3][l] = (2.0f * (qxy - qwz)) * sy[l];
        m[4][l] = (1.0f - 2.0f * (qxx + qzz)) * sy[l];
        m[5][l] = (2.0f * (qyz + qwx)) * sy[l];
        m[6][l] = (2.0f * (qxz + qwy)) * sz[l];
        m[7][l] = (2.0f * (qyz - qwx)) * sz[l];
        m[8][l] = (1.0f - 2.0f * (qxx + qyy)) * sz[l];
        m[9][l] = tx[l];
        m[10][l] = ty[l];
        m[11][l] = tz[l];
      }
    }
    // Then each joint after its parent. The common joint (identity offset,
    // a parent) is multiplied straight from the lane arrays: out[p] times the
    // affine local, column by column, the sums of affine::MultiplyAffine.
    const int end = std::min(kSoaLanes, n - j0);
    for (int l = 0; l < end; ++l) {
      const int j = j0 + l;
      const int p = parents[j];
      if (p >= 0 && kinds[j] == OffsetKind::kIdentity) {
        MultiplyAffine3x4<kSoaLanes>(out[p], &m[0][l], out[j]);
      } else {
        ModelSpaceWithOffset(skeleton, j, &m[0][l], out);
      }
      if constexpr (kPalette) {
        const SoaSkeleton::SplatAffine3x4& bind = skeleton.InverseBindSplat()[j];
        if (bind.affine) {
          MultiplyAffine3x4Splat(out[j], bind.m, palette[j]);
        } else {
          palette[j] = out[j] * skeleton.InverseBindMatrices()[j];
        }
      }
    }
  }
}

}  // namespace

void kernels::ModelMatrices(const SoaSkeleton& skeleton, const SoaPose& pose,
                            std::span<glm::mat4> out) {
  ModelSpace<false>(skeleton, pose, out, {});
}

void kernels::Palette(const SoaSkeleton& skeleton, const SoaPose& pose,
                      std::span<glm::mat4> model_scratch, std::span<glm::mat4> palette) {
  ModelSpace<true>(skeleton, pose, model_scratch, palette);
}

}  // namespace anim
