#include "anim/core/local_to_model_jobs.h"

#include <algorithm>

#include "anim/core/affine.h"
#include "anim/core/job_messages.h"
#include "anim/core/joint_offset.h"
#include "anim/core/soa_vector.h"

namespace anim {

namespace msg = job_messages;

// The kernel: local matrices four joints at a time from the pose's channel
// arrays, chained to their parents, and with them the palette.
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

// A root or a joint with an offset (JointModelMatrix, joint_offset.h);
// the local matrix's element e is m[e * kSoaLanes].
void ModelSpaceWithOffset(const Skeleton& skeleton, int j, const float* m,
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
// parts prepared once (Skeleton::InverseBindSplat) instead of tested every frame.
template <bool kPalette>
void ModelSpace(const Skeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> out,
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
    // affine local, column by column, the sums of affine::MultiplyAffine. So
    // is a root under an affine offset (an armature's scale and turn, as
    // Mixamo exports have): the offset times its local, which is what
    // JointModelMatrix gives there, in vectors instead of glm's scalars.
    const int end = std::min(kSoaLanes, n - j0);
    for (int l = 0; l < end; ++l) {
      const int j = j0 + l;
      const int p = parents[j];
      if (p >= 0 && kinds[j] == OffsetKind::kIdentity) {
        MultiplyAffine3x4<kSoaLanes>(out[p], &m[0][l], out[j]);
      } else if (p < 0 && kinds[j] == OffsetKind::kAffine) {
        MultiplyAffine3x4<kSoaLanes>(skeleton.Offsets()[j], &m[0][l], out[j]);
      } else {
        ModelSpaceWithOffset(skeleton, j, &m[0][l], out);
      }
      if constexpr (kPalette) {
        const Skeleton::SplatAffine3x4& bind = skeleton.InverseBindSplat()[j];
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
