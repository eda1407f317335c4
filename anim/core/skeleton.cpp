#include "anim/core/skeleton.h"

#include <algorithm>

#include "anim/core/affine.h"
#include "anim/core/joint_offset.h"

namespace anim {

namespace {

std::string ValidateHierarchy(std::span<const std::string> names, std::span<const int> parents,
                              std::span<const glm::mat4> offsets, std::span<const Transform> rest,
                              std::span<const Transform> bind,
                              std::span<const glm::mat4> inverse_bind) {
  const std::size_t n = names.size();
  if (parents.size() != n || rest.size() != n || bind.size() != n || inverse_bind.size() != n ||
      (!offsets.empty() && offsets.size() != n)) {
    return "joint arrays disagree in length (names " + std::to_string(n) + ", parents " +
           std::to_string(parents.size()) + ", offsets " + std::to_string(offsets.size()) +
           ", rest pose " + std::to_string(rest.size()) + ", bind pose " +
           std::to_string(bind.size()) + ", inverse bind matrices " +
           std::to_string(inverse_bind.size()) + ")";
  }
  for (std::size_t i = 0; i < n; ++i) {
    const int p = parents[i];
    if (p < -1 || p >= static_cast<int>(i)) {
      return "joint " + std::to_string(i) + " (" + names[i] + ") has parent " + std::to_string(p) +
             "; parents must come before their children";
    }
  }
  return {};
}

std::vector<std::string> NumberedJointNames(std::size_t count) {
  std::vector<std::string> names;
  names.reserve(count);
  for (std::size_t i = 0; i < count; ++i) names.push_back("joint" + std::to_string(i));
  return names;
}

}  // namespace

bool Skeleton::Build(std::vector<std::string> names, std::vector<int> parents,
                     std::vector<glm::mat4> offsets, std::span<const Transform> rest,
                     std::span<const Transform> bind, std::vector<glm::mat4> inverse_bind,
                     std::string* error) {
  *this = Skeleton();
  const std::string problem = ValidateHierarchy(names, parents, offsets, rest, bind, inverse_bind);
  if (!problem.empty()) {
    if (error != nullptr) *error = problem;
    return false;
  }
  names_ = std::move(names);
  parents_ = std::move(parents);
  offsets_ = std::move(offsets);
  if (offsets_.empty()) offsets_.assign(names_.size(), glm::mat4(1.0f));
  rest_pose_.Load(rest);
  bind_pose_.Load(bind);
  inverse_bind_ = std::move(inverse_bind);
  PrepareKernelData();
  return true;
}

bool Skeleton::BuildHierarchy(std::span<const Transform> rest, std::vector<int> parents,
                              std::vector<glm::mat4> offsets, std::string* error) {
  return Build(NumberedJointNames(rest.size()), std::move(parents), std::move(offsets), rest, rest,
               std::vector<glm::mat4>(rest.size(), glm::mat4(1.0f)), error);
}

void Skeleton::PrepareKernelData() {
  offset_kinds_.clear();
  offset_kinds_.reserve(offsets_.size());
  for (const glm::mat4& m : offsets_) offset_kinds_.push_back(ClassifyOffset(m));
  inverse_bind_splat_.clear();
  inverse_bind_splat_.reserve(inverse_bind_.size());
  for (const glm::mat4& m : inverse_bind_) {
    SplatAffine3x4 a;
    a.affine = affine::IsAffine(m);
    for (int c = 0; c < 4; ++c) {
      for (int row = 0; row < 3; ++row) {
        std::fill_n(a.m[SplatAffine3x4::Slot(3 * c + row)], 4, m[c][row]);
      }
    }
    inverse_bind_splat_.push_back(a);
  }
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
