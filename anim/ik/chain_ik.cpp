#include "anim/ik/chain_ik.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/core/job_messages.h"
#include "anim/core/transform.h"
#include "anim/ik/ik_job_messages.h"
#include "anim/ik/ik_math.h"

namespace anim::ik {

namespace msg = ik_messages;

namespace {

// The chain's model matrices, kept current as its joints turn without
// walking the whole hierarchy each time: between[k] is the fixed transform
// from chain joint k-1's frame to joint k's parent frame (for k = 0, the
// model-space parent frame), so model[k] = model[k-1] * between[k] * local.
class ChainState {
 public:
  ChainState(IkPose& pose, const ChainIkJob& job) : pose_(pose), job_(job) {
    count_ = static_cast<int>(job.joints.size());
    for (int k = 0; k < count_; ++k) input_[k] = pose.Local(job.joints[k]).rotation;
    for (int k = 0; k < count_; ++k) {
      const glm::mat4 parent = pose.ParentFrame(job.joints[k]);
      // ChainIkJob::Validate has checked model_[k - 1] has an inverse.
      between_[k] = k == 0 ? parent : glm::inverse(model_[k - 1]) * parent;
      model_[k] = parent * ToMatrix(pose.Local(job.joints[k]));
    }
    for (int k = 0; k + 1 < count_; ++k) length_[k] = glm::length(Position(k + 1) - Position(k));
  }

  int count() const { return count_; }
  glm::vec3 Position(int k) const { return model_[k][3]; }
  glm::vec3 Effector() const { return Position(count_ - 1); }
  float BoneLength(int k) const { return length_[k]; }
  float Error() const { return glm::length(Effector() - job_.target); }

  // Turns chain joint k by a model-space rotation about its position, keeps
  // it within its constraint, and refreshes the model matrices below it.
  void Turn(int k, const glm::quat& delta) {
    const int joint = job_.joints[k];
    RotateJointInModelSpace(pose_, joint, ParentFrame(k), delta);
    if (!job_.constraints.empty()) {
      Transform t = pose_.Local(joint);
      t.rotation = ApplyConstraint(job_.constraints[k], t.rotation);
      pose_.SetLocal(joint, t);
    }
    Refresh(k);
  }

  // Blends the chain between the input rotations and the solved ones.
  void ApplyWeight(float weight) {
    if (weight >= 1.0f) return;
    for (int k = 0; k < count_; ++k) {
      Transform t = pose_.Local(job_.joints[k]);
      t.rotation = NlerpShortest(input_[k], t.rotation, std::max(weight, 0.0f));
      pose_.SetLocal(job_.joints[k], t);
    }
    Refresh(0);
  }

 private:
  glm::mat4 ParentFrame(int k) const { return k == 0 ? between_[0] : model_[k - 1] * between_[k]; }
  void Refresh(int from) {
    for (int k = from; k < count_; ++k)
      model_[k] = ParentFrame(k) * ToMatrix(pose_.Local(job_.joints[k]));
  }

  IkPose& pose_;
  const ChainIkJob& job_;
  int count_ = 0;
  std::array<glm::mat4, kMaxChainJoints> between_;
  std::array<glm::mat4, kMaxChainJoints> model_;
  std::array<glm::quat, kMaxChainJoints> input_;
  std::array<float, kMaxChainJoints> length_{};
};

// Runs `pass` (one sweep over the chain) until the effector is within
// tolerance or the iteration cap, then applies the weight and reports.
template <typename Pass>
ChainIkResult Iterate(IkPose& pose, const ChainIkJob& job, Pass pass) {
  if (!job.Validate(pose).empty()) return ChainIkResult{};
  ChainState state(pose, job);
  ChainIkResult result;
  result.valid = true;
  if (job.weight > 0.0f) {
    while (state.Error() > job.tolerance && result.iterations < job.max_iterations) {
      pass(state);
      ++result.iterations;
    }
    state.ApplyWeight(job.weight);
  }
  result.error = state.Error();
  result.reached = result.error <= job.tolerance;
  return result;
}

}  // namespace

std::string ChainIkJob::Validate(const IkPose& pose) const {
  if (!pose.Matches()) return msg::PoseOfAnotherSkeleton(pose);
  if (joints.size() < 2 || joints.size() > kMaxChainJoints) {
    return "joints has size " + std::to_string(joints.size()) + ", not 2 to kMaxChainJoints (" +
           std::to_string(kMaxChainJoints) + ")";
  }
  const auto field = [](std::size_t k) { return job_messages::Indexed("joints", k); };
  for (std::size_t k = 0; k < joints.size(); ++k) {
    if (!pose.ValidJoint(joints[k])) return msg::JointOutside(field(k), joints[k], pose);
    if (k > 0 && !pose.DescendsFrom(joints[k], joints[k - 1]))
      return msg::NotALink(field(k), joints[k], field(k - 1), joints[k - 1]);
  }
  if (!constraints.empty() && constraints.size() != joints.size()) {
    return "constraints has size " + std::to_string(constraints.size()) +
           ", not 0 or the size of joints (" + std::to_string(joints.size()) + ")";
  }
  if (!IsFinite(target)) return msg::NotFinite("target", target);
  // The solvers carry each joint's frame to the next through its inverse.
  glm::mat4 model = pose.ModelMatrix(joints[0]);
  for (std::size_t k = 0; k + 1 < joints.size(); ++k) {
    if (k > 0) model = pose.ModelMatrixBelow(joints[k - 1], model, joints[k]);
    const float det = glm::determinant(glm::mat3(model));
    if (!(std::isfinite(det) && std::abs(det) > 1e-12f)) {
      return field(k) + " " + std::to_string(joints[k]) +
             " has a model matrix without an inverse (determinant " + msg::Format(det) + ")";
    }
  }
  return {};
}

ChainIkResult SolveCcd(IkPose& pose, const ChainIkJob& job) {
  const glm::vec3 target = job.target;
  // From the joint next to the effector back to the root, each joint turns
  // so the effector lies on its line to the target.
  return Iterate(pose, job, [target](ChainState& state) {
    for (int k = state.count() - 2; k >= 0; --k) {
      const glm::vec3 p = state.Position(k);
      state.Turn(k, RotationBetween(state.Effector() - p, target - p));
    }
  });
}

ChainIkResult SolveFabrik(IkPose& pose, const ChainIkJob& job) {
  const glm::vec3 target = job.target;
  return Iterate(pose, job, [target](ChainState& state) {
    const int n = state.count();
    std::array<glm::vec3, kMaxChainJoints> p;
    for (int k = 0; k < n; ++k) p[k] = state.Position(k);
    const glm::vec3 root = p[0];
    // Backward: pin the effector on the target and pull each joint after
    // it, keeping bone lengths. Forward: pin the root back and push.
    p[n - 1] = target;
    for (int k = n - 2; k >= 0; --k) {
      const glm::vec3 fallback = NormalizeOr(state.Position(k) - state.Position(k + 1), {0, 1, 0});
      p[k] = p[k + 1] + NormalizeOr(p[k] - p[k + 1], fallback) * state.BoneLength(k);
    }
    p[0] = root;
    for (int k = 0; k + 1 < n; ++k) {
      const glm::vec3 fallback = NormalizeOr(state.Position(k + 1) - state.Position(k), {0, 1, 0});
      p[k + 1] = p[k] + NormalizeOr(p[k + 1] - p[k], fallback) * state.BoneLength(k);
    }
    // The positions become rotations, root first, so constraints apply
    // and the next pass starts from what the joints could actually do.
    for (int k = 0; k + 1 < n; ++k) {
      const glm::vec3 at = state.Position(k);
      state.Turn(k, RotationBetween(state.Position(k + 1) - at, p[k + 1] - at));
    }
  });
}

}  // namespace anim::ik
