#include "anim/blending/mirror.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/blending/blend_kernels.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"

namespace anim {

namespace {

glm::quat MirrorRotation(const glm::quat& q, MirrorAxis axis) {
  // A reflection M (one axis negated) turns a rotation R about axis a by
  // angle theta into M R M: the rotation about M a by -theta (a mirror
  // reverses the sense of turning). As a quaternion, (cos(theta/2),
  // sin(theta/2) a) becomes (cos(theta/2), -sin(theta/2) M a). For an X
  // mirror M a = (-ax, ay, az), so (w, x, y, z) -> (w, x, -y, -z): the
  // component along the mirrored axis stays, the two in the plane flip.
  // mirror_test checks this against M * mat3(q) * M.
  switch (axis) {
    case MirrorAxis::kX: return glm::quat(q.w, q.x, -q.y, -q.z);
    case MirrorAxis::kY: return glm::quat(q.w, -q.x, q.y, -q.z);
    case MirrorAxis::kZ: return glm::quat(q.w, -q.x, -q.y, q.z);
  }
  return q;
}

glm::vec3 MirrorVector(glm::vec3 v, MirrorAxis axis) {
  v[static_cast<int>(axis)] = -v[static_cast<int>(axis)];
  return v;
}

// The rotation part of an affine matrix (scale divided out of each column).
glm::mat3 Orthonormal(const glm::mat4& m) {
  return glm::mat3(glm::normalize(glm::vec3(m[0])), glm::normalize(glm::vec3(m[1])),
                   glm::normalize(glm::vec3(m[2])));
}

glm::mat4 ReflectionMatrix(MirrorAxis axis) {
  glm::mat4 r(1.0f);
  r[static_cast<int>(axis)][static_cast<int>(axis)] = -1.0f;
  return r;
}

// Fills partner[j] with the joint whose name is j's with its side swapped
// (rig_naming.h's PartnerName, the runtime's one reading of side names), or
// j itself. Returns what makes the pairing unusable (a one-sided pair, or
// partners whose parents are not partners), or "" when it is symmetric.
std::string PairJoints(const Skeleton& skeleton, std::vector<int>& partner) {
  const int n = skeleton.JointCount();
  partner.assign(n, -1);
  for (int j = 0; j < n; ++j) {
    partner[j] = j;
    const std::string swapped = PartnerName(skeleton.JointName(j));
    const int other = swapped.empty() ? -1 : skeleton.FindJoint(swapped);
    if (other >= 0 && other != j) partner[j] = other;
  }
  for (int j = 0; j < n; ++j) {
    const int p = partner[j];
    if (partner[p] != j) {
      return "joint '" + skeleton.JointName(j) + "' pairs with '" + skeleton.JointName(p) +
             "', which pairs with '" + skeleton.JointName(partner[p]) + "'";
    }
    const int parent = skeleton.Parent(j);
    const int mirrored_parent = parent < 0 ? -1 : partner[parent];
    if (skeleton.Parent(p) != mirrored_parent) {
      return "joint '" + skeleton.JointName(j) + "' and its partner '" + skeleton.JointName(p) +
             "' have parents that are not mirror partners, so the skeleton is not left/right "
             "symmetric";
    }
  }
  return {};
}

// N, the reflection that maps the bind-pose mesh onto itself: the axis whose
// reflection best maps the sided joints' bind positions (the translation
// column of each bind-pose model matrix) onto their partners'. The pose's
// own axis unless another one is clearly better (a tie, as with no sided
// joints at all, keeps N = M).
MirrorAxis FindBindAxis(std::span<const glm::mat4> bind, std::span<const int> partner,
                        MirrorAxis pose_axis) {
  std::array<float, 3> axis_error{};
  for (int k = 0; k < 3; ++k) {
    for (std::size_t j = 0; j < partner.size(); ++j) {
      const int p = partner[j];
      if (p != static_cast<int>(j)) {
        axis_error[k] += glm::distance(
            MirrorVector(glm::vec3(bind[j][3]), static_cast<MirrorAxis>(k)), glm::vec3(bind[p][3]));
      }
    }
  }
  MirrorAxis best = pose_axis;
  for (int k = 0; k < 3; ++k) {
    if (axis_error[k] < 0.5f * axis_error[static_cast<int>(best)])
      best = static_cast<MirrorAxis>(k);
  }
  return best;
}

}  // namespace

Transform MirrorTransform(const Transform& t, MirrorAxis axis) {
  // M T R S M = (M T M)(M R M)(M S M): translation reflected, rotation as
  // above, scale unchanged (a diagonal scale commutes with M).
  return Transform{MirrorVector(t.translation, axis), MirrorRotation(t.rotation, axis), t.scale};
}

bool MirrorMap::Build(const Skeleton& skeleton, std::string* error, MirrorAxis mirror_axis,
                      bool correct_bind_asymmetry) {
  axis = mirror_axis;
  const std::string problem = PairJoints(skeleton, partner);
  if (!problem.empty()) {
    partner.clear();
    bind_correction.clear();
    if (error != nullptr) *error = "mirror map: " + problem;
    return false;
  }

  // Why a correction, and why from the bind pose: mirroring should turn
  // every skinning matrix S_j = G_j * inverse(B_j) (G model space, B the
  // bind pose the mesh was skinned in) into M * S_p * N, p the partner, M
  // the reflection of the pose and N the reflection that maps the bind-pose
  // mesh onto itself: then each mirrored vertex N v, skinned by the partner
  // joints, lands on M times where v lands, i.e. the mesh deforms into the
  // mirror image of the original. Solving for the model-space transform:
  //   G'_j = M G_p M D_j,  D_j = M inverse(B_p) N B_j,
  // and in local space, because G_p = G_parent(p) L_p and parent(p) is the
  // partner of parent(j):
  //   L'_j = inverse(D_parent(j)) * mirror(L_p) * D_j.
  // A bind pose that is its own mirror image with N = M (the mannequin)
  // gives D_j = identity: the plain local-space mirror. Real rigs differ:
  // Woman.gltf's left and right arm joints have axes that are not
  // reflections of each other, and its bind pose faces another way than its
  // clips, so N is the Z reflection while M is the X one. Mirroring twice
  // gives the pose back exactly, since mirror(D_p) * D_j = identity. Only
  // D_j's rotation is kept: its translation is the bind pose's positional
  // asymmetry (measured below, and near zero in a well-made rig), so joint
  // positions mirror exactly either way. The rest pose is not used: in real
  // files it is whatever the nodes held when exported (Woman's is mid-stride).
  // N is found from the bind pose (FindBindAxis).
  const int n = skeleton.JointCount();
  std::vector<glm::mat4> bind(n);
  ComputeModelMatrices(skeleton, skeleton.BindPose(), bind);
  bind_axis = FindBindAxis(bind, partner, axis);
  const glm::mat3 m = glm::mat3(ReflectionMatrix(axis));
  const glm::mat3 mesh_mirror = glm::mat3(ReflectionMatrix(bind_axis));
  bind_correction.assign(n, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  max_bind_correction_angle = 0.0f;
  max_bind_position_asymmetry = 0.0f;
  for (int j = 0; j < n; ++j) {
    const int p = partner[j];
    max_bind_position_asymmetry = std::max(
        max_bind_position_asymmetry,
        glm::distance(MirrorVector(glm::vec3(bind[j][3]), bind_axis), glm::vec3(bind[p][3])));
    const glm::mat3 d =
        m * glm::transpose(Orthonormal(bind[p])) * mesh_mirror * Orthonormal(bind[j]);
    glm::quat q = glm::normalize(glm::quat_cast(d));
    if (q.w < 0.0f) q = -q;
    max_bind_correction_angle =
        std::max(max_bind_correction_angle, 2.0f * std::acos(std::min(1.0f, q.w)));
    if (correct_bind_asymmetry) bind_correction[j] = q;
  }
  return true;
}

namespace {

// MirrorPose's joints, the hierarchy given as `parents`.
void MirrorJoints(const MirrorMap& map, std::span<const int> parents, const SoaPose& in,
                  SoaPose& out) {
  const int n = map.JointCount();
  // L'_j = inverse(D_parent) * mirror(L_partner) * D_j (see Build). The
  // translation is only rotated by inverse(D_parent); scale is copied, which
  // is exact for uniform scale.
  const auto mirrored = [&](int j, const Transform& source) {
    const Transform m = MirrorTransform(source, map.axis);
    const int parent = parents[j];
    const glm::quat undo_parent = parent < 0 ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f)
                                             : glm::conjugate(map.bind_correction[parent]);
    return Transform{undo_parent * m.translation,
                     glm::normalize(undo_parent * m.rotation * map.bind_correction[j]), m.scale};
  };
  // Pairs are read together before either is written, so out may alias in.
  for (int j = 0; j < n; ++j) {
    const int p = map.partner[j];
    if (p < j) continue;
    if (p == j) {
      out.SetLocal(j, mirrored(j, in.Local(j)));
      continue;
    }
    const Transform to_j = mirrored(j, in.Local(p));
    const Transform to_p = mirrored(p, in.Local(j));
    out.SetLocal(j, to_j);
    out.SetLocal(p, to_p);
  }
}

}  // namespace

void kernels::MirrorPose(const MirrorMap& map, std::span<const int> parents, const SoaPose& in,
                         SoaPose& out) {
  MirrorJoints(map, parents, in, out);
  // Morph weights stay as they are (a face's left and right targets are
  // not paired by name here).
  if (&in != &out && in.MorphWeights().size() == out.MorphWeights().size()) {
    std::copy(in.MorphWeights().begin(), in.MorphWeights().end(), out.MorphWeights().begin());
  }
}

}  // namespace anim
