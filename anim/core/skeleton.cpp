#include "anim/core/skeleton.h"

#include <algorithm>

#include "anim/core/affine.h"
#include "anim/core/joint_offset.h"

namespace anim {

namespace {

std::string ValidateHierarchy(std::span<const std::string> names, const Pose& rest,
                              const Pose& bind, std::span<const glm::mat4> inverse_bind) {
  const int n = static_cast<int>(names.size());
  if (rest.JointCount() != n || bind.JointCount() != n ||
      static_cast<int>(inverse_bind.size()) != n) {
    return "joint arrays disagree in length (names " + std::to_string(n) + ", rest pose " +
           std::to_string(rest.JointCount()) + ", bind pose " + std::to_string(bind.JointCount()) +
           ", inverse bind matrices " + std::to_string(inverse_bind.size()) + ")";
  }
  for (int i = 0; i < n; ++i) {
    const int p = rest.Parent(i);
    if (p < -1 || p >= i) {
      return "joint " + std::to_string(i) + " (" + names[i] + ") has parent " + std::to_string(p) +
             "; parents must come before their children";
    }
    if (bind.Parent(i) != p)
      return "rest and bind poses disagree on the parent of joint " + names[i];
  }
  return {};
}

}  // namespace

Skeleton::Skeleton(std::vector<std::string> names, Pose rest_pose, Pose bind_pose,
                   std::vector<glm::mat4> inverse_bind) {
  error_ = ValidateHierarchy(names, rest_pose, bind_pose, inverse_bind);
  if (!error_.empty()) return;
  names_ = std::move(names);
  rest_pose_ = std::move(rest_pose);
  soa_rest_pose_.Load(rest_pose_);
  bind_pose_ = std::move(bind_pose);
  inverse_bind_ = std::move(inverse_bind);
  PrepareKernelData();
}

namespace {

std::vector<std::string> NumberedJointNames(int count) {
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) names.push_back("joint" + std::to_string(i));
  return names;
}

}  // namespace

Skeleton::Skeleton(const Pose& rest)
    : Skeleton(
          NumberedJointNames(rest.JointCount()), rest, rest,
          std::vector<glm::mat4>(static_cast<std::size_t>(rest.JointCount()), glm::mat4(1.0f))) {}

void Skeleton::PrepareKernelData() {
  const auto n = static_cast<std::size_t>(JointCount());
  offsets_.assign(n, glm::mat4(1.0f));
  const std::span<const glm::mat4> offsets = rest_pose_.Offsets();
  if (!offsets.empty()) offsets_.assign(offsets.begin(), offsets.end());
  offset_kinds_.clear();
  offset_kinds_.reserve(n);
  for (const glm::mat4& m : offsets_) offset_kinds_.push_back(ClassifyOffset(m));
  inverse_bind_splat_.clear();
  inverse_bind_splat_.reserve(n);
  for (const glm::mat4& m : inverse_bind_) {
    SplatAffine3x4 a;
    a.affine = affine::IsAffine(m);
    for (int c = 0; c < 4; ++c) {
      for (int row = 0; row < 3; ++row) std::fill_n(a.m[3 * c + row], 4, m[c][row]);
    }
    inverse_bind_splat_.push_back(a);
  }
}

Pose AsPose(const Skeleton& skeleton, const SoaPose& pose) {
  Pose out = skeleton.RestPose();
  pose.Store(out);  // another joint count: the rest pose, unchanged
  return out;
}

int Skeleton::FindJoint(std::string_view name) const {
  for (int i = 0; i < JointCount(); ++i) {
    if (names_[i] == name) return i;
  }
  return -1;
}

bool ComputePalette(std::span<const glm::mat4> model_matrices,
                    std::span<const glm::mat4> inverse_bind, std::span<glm::mat4> palette) {
  if (model_matrices.size() != inverse_bind.size() || palette.size() != inverse_bind.size()) {
    return false;
  }
  for (std::size_t i = 0; i < palette.size(); ++i) {
    const glm::mat4& ib = inverse_bind[i];
    palette[i] = affine::IsAffine(ib) ? affine::MultiplyAffine(model_matrices[i], ib)
                                      : model_matrices[i] * ib;
  }
  return true;
}

}  // namespace anim
