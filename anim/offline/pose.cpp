#include "anim/offline/pose.h"

#include <cassert>

#include "anim/core/joint_offset.h"

namespace anim {

namespace {

const glm::mat4 kIdentityMatrix(1.0f);

// ToMatrix (transform.cpp) inlined here, where it runs once per joint per frame.
glm::mat4 LocalMatrix(const Transform& t) {
  const glm::mat3 r = glm::mat3_cast(t.rotation);
  glm::mat4 m;
  m[0] = glm::vec4(r[0] * t.scale.x, 0.0f);
  m[1] = glm::vec4(r[1] * t.scale.y, 0.0f);
  m[2] = glm::vec4(r[2] * t.scale.z, 0.0f);
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
}

}  // namespace

Pose::Pose(std::vector<Transform> locals, std::vector<int> parents, std::vector<glm::mat4> offsets)
    : locals_(std::move(locals)), parents_(std::move(parents)), offsets_(std::move(offsets)) {
  assert(locals_.size() == parents_.size());
  assert(offsets_.empty() || offsets_.size() == locals_.size());
  offset_kinds_.reserve(offsets_.size());
  for (const glm::mat4& m : offsets_) offset_kinds_.push_back(ClassifyOffset(m));
}

glm::mat4 Pose::ModelMatrix(int joint) const {
  glm::mat4 m(1.0f);
  for (int j = joint; j >= 0; j = parents_[j]) {
    glm::mat4 local = ToMatrix(locals_[j]);
    if (!offsets_.empty()) local = offsets_[j] * local;
    m = local * m;
  }
  return m;
}

bool Pose::ComputeModelMatrices(std::span<glm::mat4> out) const {
  if (out.size() != locals_.size()) return false;
  const int n = JointCount();
  const bool has_offsets = !offsets_.empty();
  for (int i = 0; i < n; ++i) {
    const OffsetKind kind = has_offsets ? offset_kinds_[i] : OffsetKind::kIdentity;
    const glm::mat4& offset = has_offsets ? offsets_[i] : kIdentityMatrix;
    const int p = parents_[i];
    // p < i is the skeleton's invariant, so out[p] is already final here.
    out[i] = JointModelMatrix(kind, offset, LocalMatrix(locals_[i]), p < 0 ? nullptr : &out[p]);
  }
  return true;
}

Pose AsPose(const Skeleton& skeleton, const SoaPose& pose) {
  std::vector<Transform> locals(static_cast<std::size_t>(skeleton.JointCount()));
  if (!pose.Store(locals)) skeleton.RestPose().Store(locals);  // another joint count: the rest pose
  const std::span<const int> parents = skeleton.Parents();
  const std::span<const glm::mat4> offsets = skeleton.Offsets();
  return Pose(std::move(locals), std::vector<int>(parents.begin(), parents.end()),
              std::vector<glm::mat4>(offsets.begin(), offsets.end()));
}

Skeleton SkeletonOf(const Pose& rest, std::string* error) {
  const std::span<const int> parents = rest.Parents();
  const std::span<const glm::mat4> offsets = rest.Offsets();
  Skeleton skeleton;
  skeleton.BuildHierarchy(rest.Locals(), std::vector<int>(parents.begin(), parents.end()),
                          std::vector<glm::mat4>(offsets.begin(), offsets.end()), error);
  return skeleton;
}

Skeleton SkeletonOf(std::vector<std::string> names, const Pose& rest, const Pose& bind,
                    std::vector<glm::mat4> inverse_bind, std::string* error) {
  const std::span<const int> parents = rest.Parents();
  const std::span<const glm::mat4> offsets = rest.Offsets();
  Skeleton skeleton;
  skeleton.Build(std::move(names), std::vector<int>(parents.begin(), parents.end()),
                 std::vector<glm::mat4>(offsets.begin(), offsets.end()), rest.Locals(),
                 bind.Locals(), std::move(inverse_bind), error);
  return skeleton;
}

}  // namespace anim
