// IK solver cases of anim_bench: one solve per iteration on each
// character's rest pose, the target circling in front of the character so
// every solve has work to do. Before each solve the chain's local
// transforms are reset from the rest pose (a few copies, counted in the
// figure), as a new animated pose would be each frame.
//   <rig>/ik/two_bone   right arm: RightArm, RightForeArm, RightHand
//   <rig>/ik/aim        Head's forward axis at the target
//   <rig>/ik/look_at    Spine, Spine1, Spine2, Neck, Head sharing the turn
//   <rig>/ik/ccd        RightShoulder .. RightHand, 20 passes at most, 1 mm
//   <rig>/ik/fabrik     the same chain and settings
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "anim/core/skeleton.h"
#include "anim/ik/aim_ik.h"
#include "anim/ik/chain_ik.h"
#include "anim/ik/two_bone_ik.h"
#include "model_once.h"

namespace {

enum class IkCase { kTwoBone, kAim, kLookAt, kCcd, kFabrik };

// The joints the cases move, by the names Woman.gltf and the mannequin share.
struct IkChains {
  std::vector<int> arm, spine;  // RightShoulder .. RightHand; Spine .. Head

  // "" when every joint is there, else what is missing.
  const char* Find(const anim::Skeleton& s) {
    arm = {s.FindJoint("RightShoulder"), s.FindJoint("RightArm"), s.FindJoint("RightForeArm"),
           s.FindJoint("RightHand")};
    spine = {s.FindJoint("Spine"), s.FindJoint("Spine1"), s.FindJoint("Spine2"),
             s.FindJoint("Neck"), s.FindJoint("Head")};
    for (int j : arm)
      if (j < 0) return "the rig lacks a right arm joint";
    for (int j : spine)
      if (j < 0) return "the rig lacks a spine joint";
    return "";
  }
};

// One solve of case c towards `target`; the passes CCD and FABRIK ran (0 for
// the others).
int SolveOnce(IkCase c, anim::ik::IkPose& pose, const IkChains& chains,
              std::span<const anim::ik::LookAtJoint> look, const glm::vec3& target) {
  switch (c) {
    case IkCase::kTwoBone: {
      anim::ik::TwoBoneIkJob job;
      job.start_joint = chains.arm[1];
      job.mid_joint = chains.arm[2];
      job.end_joint = chains.arm[3];
      job.target = target;
      job.pole = {0, 0, -1};
      job.soften = 0.97f;
      benchmark::DoNotOptimize(anim::ik::SolveTwoBoneIk(pose, job));
      return 0;
    }
    case IkCase::kAim: {
      anim::ik::AimIkJob job;
      job.joint = chains.spine[4];
      job.target = target;
      benchmark::DoNotOptimize(anim::ik::SolveAimIk(pose, job));
      return 0;
    }
    case IkCase::kLookAt: {
      anim::ik::LookAtJob job;
      job.chain = look;
      job.target = target;
      benchmark::DoNotOptimize(anim::ik::SolveLookAt(pose, job));
      return 0;
    }
    case IkCase::kCcd:
    case IkCase::kFabrik: break;
  }
  anim::ik::ChainIkJob job;
  job.joints = chains.arm;
  job.target = target;
  job.max_iterations = 20;
  job.tolerance = 1e-3f;
  const anim::ik::ChainIkResult r =
      c == IkCase::kCcd ? anim::ik::SolveCcd(pose, job) : anim::ik::SolveFabrik(pose, job);
  benchmark::DoNotOptimize(r);
  return r.iterations;
}

void IkBenchmark(benchmark::State& state, const anim_bench::BenchModel* rig, IkCase c) {
  std::string error;
  const anim::Model* model = anim_bench::LoadOnce(*rig, &error);
  if (model == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const anim::Skeleton& s = model->skeleton;
  IkChains chains;
  if (const char* missing = chains.Find(s); *missing != '\0') return state.SkipWithError(missing);
  const std::vector<int>& spine = chains.spine;
  const bool head_case = c == IkCase::kAim || c == IkCase::kLookAt;
  const std::vector<int>& chain = head_case ? spine : chains.arm;

  const anim::SoaPose& rest = s.RestPose();
  anim::SoaPose locals = rest;
  anim::ik::IkPose pose(s, locals);
  const glm::vec3 hand = pose.ModelMatrix(chains.arm[3])[3];
  const glm::vec3 head = pose.ModelMatrix(spine[4])[3];
  const float size = glm::length(hand - glm::vec3(pose.ModelMatrix(chains.arm[1])[3]));
  const anim::ik::LookAtJoint look[] = {{spine[0], 0.15f, 0.3f},
                                        {spine[1], 0.2f, 0.3f},
                                        {spine[2], 0.25f, 0.3f},
                                        {spine[3], 0.5f, 0.6f},
                                        {spine[4], 1.0f, 1.2f}};
  const glm::vec3 centre = head_case ? head : hand;

  int frame = 0;
  double passes = 0.0;  // CCD and FABRIK: passes run, reported per solve
  for (auto _ : state) {
    for (int j : chain) pose.SetLocal(j, rest.Local(j));
    const float t = static_cast<float>(frame++) * 0.05f;
    const glm::vec3 target =
        centre + size * glm::vec3(0.5f * std::cos(t), 0.5f * std::sin(t), 0.4f);
    passes += SolveOnce(c, pose, chains, look, target);
    benchmark::ClobberMemory();
  }
  if (c == IkCase::kCcd || c == IkCase::kFabrik)
    state.counters["passes"] = passes / static_cast<double>(state.iterations());
}

void RegisterIk(const char* name, IkCase c) {
  for (const anim_bench::BenchModel& rig : anim_bench::kBenchModels) {
    benchmark::RegisterBenchmark((std::string(rig.name) + "/ik/" + name).c_str(), IkBenchmark, &rig,
                                 c)
        ->Unit(benchmark::kNanosecond);
  }
}

// Registered before main runs, beside anim_bench.cpp's own cases.
const bool kBenchIkRegistered = [] {
  RegisterIk("two_bone", IkCase::kTwoBone);
  RegisterIk("aim", IkCase::kAim);
  RegisterIk("look_at", IkCase::kLookAt);
  RegisterIk("ccd", IkCase::kCcd);
  RegisterIk("fabrik", IkCase::kFabrik);
  return true;
}();

}  // namespace
