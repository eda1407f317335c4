// 10 IK: the character's right arm and a free-standing chain reach one
// target, solved by analytic two-bone IK, CCD or FABRIK, with joint limits.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <glm/gtc/constants.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/ik/chain_ik.h"
#include "anim/ik/ik_math.h"
#include "anim/ik/two_bone_ik.h"
#include "samples/debug_draw.h"
#include "samples/idle_underlay.h"
#include "samples/ik_refusal.h"
#include "samples/ik_rig.h"
#include "samples/sample_factories.h"
#include "samples/target_drag.h"

namespace samples {

namespace {

constexpr int kChainLinks = 8;  // the free-standing chain: 9 joints
constexpr glm::vec4 kBoneColor{0.85f, 0.9f, 1.0f, 1.0f};
constexpr glm::vec4 kJointLimitColor{0.45f, 0.75f, 1.0f, 0.8f};
constexpr glm::vec4 kReachedColor{0.3f, 1.0f, 0.4f, 1.0f};
constexpr glm::vec4 kMissedColor{1.0f, 0.6f, 0.15f, 1.0f};
constexpr glm::vec4 kGapColor{1.0f, 0.3f, 0.25f, 1.0f};

// One solved chain: the joints (root first), their limits, what the last
// solve reported, and the pole two-bone IK bends its middle towards.
struct IkChain {
  std::vector<int> joints;
  std::vector<anim::ik::JointConstraint> limits;
  // Two-bone IK's start, middle and end joints (joints between them ride along).
  int two_bone[3] = {-1, -1, -1};
  glm::vec3 pole{0.0f};
  anim::ik::ChainIkResult result;
  std::string problem;  // why the last job was refused, "" when it ran

  // Solves `pose` for `target` with solver 0 two-bone (first, middle and
  // last joint), 1 CCD, 2 FABRIK.
  void Solve(anim::ik::IkPose& pose, int solver, const glm::vec3& target, bool limited,
             int iterations, float tolerance, float weight, float soften) {
    if (solver == 0) {
      anim::ik::TwoBoneIkJob job;
      job.start_joint = two_bone[0];
      job.mid_joint = two_bone[1];
      job.end_joint = two_bone[2];
      job.target = target;
      job.pole = pole;
      job.weight = weight;
      job.soften = soften;
      job.tolerance = tolerance;
      const anim::ik::TwoBoneIkResult r = anim::ik::SolveTwoBoneIk(pose, job);
      result = {r.valid, r.reached, 1, r.error};
      problem = r.valid ? std::string() : job.Validate(pose);
      return;
    }
    anim::ik::ChainIkJob job;
    job.joints = joints;
    if (limited) job.constraints = limits;
    job.target = target;
    job.max_iterations = iterations;
    job.tolerance = tolerance;
    job.weight = weight;
    result = solver == 1 ? anim::ik::SolveCcd(pose, job) : anim::ik::SolveFabrik(pose, job);
    problem = result.valid ? std::string() : job.Validate(pose);
  }

  // Each limited joint's cone or arc where it sits now, `size` long.
  void DrawLimits(const anim::ik::IkPose& pose, float size, DebugLineList& lines) const {
    for (size_t k = 0; k + 1 < joints.size(); ++k) {
      const anim::ik::JointConstraint& c = limits[k];
      if (c.kind == anim::ik::ConstraintKind::kNone) continue;
      const glm::mat4 parent = pose.ParentFrame(joints[k]);
      const glm::quat frame = anim::ik::ModelRotation(parent) * c.reference;
      const glm::vec3 at = pose.ModelMatrix(joints[k])[3];
      const glm::vec3 axis = glm::normalize(frame * c.axis);
      if (c.kind == anim::ik::ConstraintKind::kBallSocket) {
        AddCone(lines, at, axis, c.cone_angle, size, kJointLimitColor);
      } else {
        // The arc sweeps the bone's reference direction about the hinge.
        const glm::vec3 child = pose.Local(joints[k + 1]).translation;
        const glm::vec3 bone = frame * child;
        const glm::vec3 across = anim::ik::NormalizeOr(bone - glm::dot(bone, axis) * axis,
                                                       anim::ik::AnyPerpendicular(axis));
        AddArc(lines, at, axis, across, c.min_angle, c.max_angle, size, kJointLimitColor);
      }
    }
  }
};

// A ball-and-socket limit about the direction to the next joint.
anim::ik::JointConstraint Ball(const anim::SoaPose& rest, int joint, int child, float cone_degrees,
                               float twist_degrees) {
  anim::ik::JointConstraint c;
  c.kind = anim::ik::ConstraintKind::kBallSocket;
  c.reference = rest.Local(joint).rotation;
  c.axis = anim::ik::NormalizeOr(rest.Local(child).translation, glm::vec3(0, 1, 0));
  c.cone_angle = glm::radians(cone_degrees);
  c.min_angle = glm::radians(-twist_degrees);
  c.max_angle = glm::radians(twist_degrees);
  return c;
}

anim::ik::JointConstraint Hinge(const glm::quat& reference, const glm::vec3& axis,
                                float min_degrees, float max_degrees) {
  anim::ik::JointConstraint c;
  c.kind = anim::ik::ConstraintKind::kHinge;
  c.reference = reference;
  c.axis = axis;
  c.min_angle = glm::radians(min_degrees);
  c.max_angle = glm::radians(max_degrees);
  return c;
}

class IkSample : public Sample {
 public:
  IkSample() : Sample("10 IK", ExplanationText()) {
    params_.AddChoice("solver", &solver_, {"two-bone", "CCD", "FABRIK"},
                      "two-bone: analytic, exact, 3 joints; CCD and FABRIK: iterative, any "
                      "length, with joint limits");
    AddTargetSliders(params_, &target_);
    params_.AddBool("limits", &limited_,
                    "joint limits for CCD and FABRIK: elbow and chain hinges (arcs), shoulder "
                    "and chain cones");
    params_.AddInt("max_iterations", &max_iterations_, 1, 100,
                   "CCD and FABRIK stop after this many passes");
    params_.AddFloat("weight", &weight_, 0.0f, 1.0f, "0 the animated pose, 1 the solved one");
    params_.AddFloat("soften", &soften_, 0.5f, 1.0f,
                     "two-bone soft reach: the fraction of full reach where the end starts "
                     "easing towards full extension (1: off)");
    params_.AddBool("animate", &animate_,
                    "play the idle clip under the IK (else hold its first frame)");
  }

  static std::string ExplanationText() {
    return "Inverse kinematics turns joints so the end of a chain (a hand) reaches a target, "
           "instead of a clip saying where each joint goes. Two-bone IK solves a shoulder-elbow-"
           "wrist triangle exactly with the law of cosines and bends the elbow towards a pole "
           "direction. CCD (cyclic coordinate descent) turns one joint at a time, from the hand "
           "back, to point the hand at the target, and repeats. FABRIK moves joint positions "
           "back from the target and forward from the root, keeping bone lengths, then turns "
           "them into rotations. Limits keep each joint human: a hinge turns about one axis "
           "within an arc, a ball-and-socket swings inside a cone and twists within a range. "
           "Drag the target marker with the left mouse button (a press away from it still "
           "orbits the camera). Sources: Aristidou and Lasenby, FABRIK (2011); Gabor Szauer, "
           "Hands-On C++ Game Animation Programming, ch. 13.";
  }

  bool Load(const anim::Model& model, std::string* error) override {
    ArmJoints arm;
    std::string why;
    if (!FindRightArm(model, &arm, &why)) {
      *error = "this sample needs an arm to reach with: " + why;
      return false;
    }
    if (!underlay_.Load(model, &notice_, error)) return false;
    model_ = &model;
    const anim::SoaPose& rest = model.skeleton.RestPose();
    const auto rest_at = [&](int joint) {
      return glm::vec3(anim::ModelMatrixOf(model.skeleton, rest, joint)[3]);
    };
    height_ = RestHeight(model);
    const glm::vec3 forward = CharacterForward(model);
    const glm::vec3 up(0, 1, 0), left = glm::normalize(glm::cross(up, forward));

    // The arm: clavicle and shoulder cones, elbow hinge bending forward.
    arm_.joints = {arm.shoulder, arm.upper, arm.lower, arm.hand};
    const glm::vec3 forearm = rest_at(arm.hand) - rest_at(arm.lower);
    const glm::vec3 elbow_axis =
        anim::ik::NormalizeOr(glm::cross(forearm, forward), glm::vec3(0, 1, 0));
    arm_.limits = {
        Ball(rest, arm.shoulder, arm.upper, 20.0f, 10.0f),
        Ball(rest, arm.upper, arm.lower, 85.0f, 60.0f),
        Hinge(rest.Local(arm.lower).rotation,
              DirectionInJoint(anim::ModelMatrixOf(model.skeleton, rest, arm.lower), elbow_axis),
              0.0f, 150.0f),
        anim::ik::JointConstraint{}};
    arm_.pole = -up - 0.5f * forward;  // elbow down and back
    arm_.two_bone[0] = arm.upper;
    arm_.two_bone[1] = arm.lower;
    arm_.two_bone[2] = arm.hand;

    // The chain: nine joints up from the ground on the character's left,
    // alternately a hinge about the character's forward axis and a cone.
    const float link = 0.12f * height_;
    std::vector<anim::Transform> locals(kChainLinks + 1);
    std::vector<int> parents(kChainLinks + 1);
    for (int k = 0; k <= kChainLinks; ++k) {
      parents[k] = k - 1;
      locals[k].translation =
          k == 0 ? left * (0.3f * height_) + forward * (0.35f * height_) : glm::vec3(0, link, 0);
      if (k > 0 && k < kChainLinks) locals[k].rotation = glm::angleAxis(0.12f, forward);
    }
    // Each link's parent is the one before it: BuildHierarchy cannot refuse it.
    chain_skeleton_.BuildHierarchy(locals, parents, {}, nullptr);
    chain_pose_ = chain_skeleton_.RestPose();
    chain_.joints.clear();
    chain_.limits.clear();
    for (int k = 0; k <= kChainLinks; ++k) {
      chain_.joints.push_back(k);
      if (k == kChainLinks) {
        chain_.limits.emplace_back();
      } else if (k % 2 == 0) {
        chain_.limits.push_back(Ball(chain_skeleton_.RestPose(), k, k + 1, 35.0f, 20.0f));
      } else {
        chain_.limits.push_back(Hinge(locals[k].rotation, forward, -50.0f, 50.0f));
      }
    }
    chain_.pole = -left;
    chain_.two_bone[0] = 0;
    chain_.two_bone[1] = kChainLinks / 2;
    chain_.two_bone[2] = kChainLinks;

    // Sliders span the character's reach; the target starts in front of
    // the right shoulder, within reach of both.
    const float h = height_;
    low_ = glm::vec3(-1.2f * h, 0.0f, -1.2f * h);
    high_ = glm::vec3(1.2f * h, 1.4f * h, 1.2f * h);
    SetTargetSliderRanges(params_, low_, high_);
    const glm::vec3 shoulder = rest_at(arm.upper);
    const float reach = glm::length(rest_at(arm.lower) - shoulder) + glm::length(forearm);
    target_ = shoulder + reach * (0.75f * forward - 0.35f * up - 0.1f * left);

    return true;
  }

  void Update(float dt) override {
    underlay_.Pose(dt, animate_, shown_);
    const float tolerance = 1e-3f * height_;
    anim::ik::IkPose arm(model_->skeleton, shown_);
    arm_.Solve(arm, solver_, target_, limited_, max_iterations_, tolerance, weight_, soften_);
    chain_pose_.CopyFrom(chain_skeleton_.RestPose());
    anim::ik::IkPose chain(chain_skeleton_, chain_pose_);
    chain_.Solve(chain, solver_, target_, limited_, max_iterations_, tolerance, weight_, soften_);
    BuildLines();
  }

  const anim::SoaPose& CurrentPose() const override { return shown_; }
  SampleView View() const override {
    SampleView view;
    view.debug_lines = lines_;
    return view;
  }

  bool Pointer(PointerPhase phase, const glm::vec3& origin, const glm::vec3& direction) override {
    return drag_.Handle(phase, origin, direction, 0.06f * height_, low_, high_, &target_);
  }

  void DrawPanel() override {
    DrawNotice(notice_);
    DrawHint(
        "Drag the target (the cross) with the left mouse button; a press elsewhere orbits the "
        "camera. Or move it with the sliders.");
    DrawParamWidgets(params_);
    DrawResult("arm", arm_);
    DrawResult("chain", chain_);
  }

 private:
  void DrawResult(const char* name, const IkChain& chain) const {
    if (!chain.problem.empty()) {
      DrawIkRefusal(name, chain.problem);
      return;
    }
    const anim::ik::ChainIkResult& r = chain.result;
    ImGui::Text("%s: %s, %d iteration%s, remaining error %.1f mm", name,
                r.reached ? "reached" : "not reached", r.iterations, r.iterations == 1 ? "" : "s",
                r.error * 1000.0f);
  }

  void BuildLines() {
    lines_.clear();
    const bool both = arm_.result.reached && chain_.result.reached;
    AddTargetMarker(lines_, target_, 0.04f * height_, both ? kReachedColor : kMissedColor);
    anim::ik::IkPose arm(model_->skeleton, shown_), chain(chain_skeleton_, chain_pose_);
    for (int k = 1; k <= kChainLinks; ++k)
      AddLine(lines_, chain.ModelMatrix(k - 1)[3], chain.ModelMatrix(k)[3], kBoneColor);
    for (const IkChain* c : {&arm_, &chain_}) {
      const anim::ik::IkPose& pose = c == &arm_ ? arm : chain;
      if (limited_ && solver_ != 0) c->DrawLimits(pose, 0.07f * height_, lines_);
      if (!c->result.reached)
        AddLine(lines_, pose.ModelMatrix(c->joints.back())[3], target_, kGapColor);
    }
  }

  const anim::Model* model_ = nullptr;
  // What is shown: the idle's pose, which the IK solvers correct in place,
  // and the free-standing chain's pose with its own hierarchy.
  anim::Skeleton chain_skeleton_;  // the chain of the plain-chain demo, built in code
  anim::SoaPose shown_, chain_pose_;
  IdleUnderlay underlay_;
  IkChain arm_, chain_;
  TargetDrag drag_;
  DebugLineList lines_;
  float height_ = 1.0f;
  glm::vec3 low_{-1.0f}, high_{1.0f};  // the target's box (the sliders' ranges)

  int solver_ = 0;
  glm::vec3 target_{0.0f};
  bool limited_ = true;
  int max_iterations_ = 20;
  float weight_ = 1.0f;
  float soften_ = 1.0f;
  bool animate_ = true;
};

}  // namespace

std::unique_ptr<Sample> MakeIkSample() { return std::make_unique<IkSample>(); }

}  // namespace samples
