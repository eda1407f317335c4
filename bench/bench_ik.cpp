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
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "anim/core/skeleton.h"
#include "anim/ik/aim_ik.h"
#include "anim/ik/chain_ik.h"
#include "anim/ik/two_bone_ik.h"
#include "import/gltf_importer.h"

namespace {

enum class IkCase { kTwoBone, kAim, kLookAt, kCcd, kFabrik };

struct IkRig {
  const char* name;
  std::string path;
};

const IkRig kIkRigs[] = {
    {"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf"},
    {"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf"},
};

// Loaded once per rig; nullptr with the reason in `error` when it cannot be.
const anim::Model* LoadOnce(const IkRig& rig, std::string* error) {
  static std::map<std::string, std::unique_ptr<anim::Model>> models;
  static std::map<std::string, std::string> errors;
  if (!models.count(rig.name)) {
    auto model = std::make_unique<anim::Model>();
    std::string e;
    if (!std::filesystem::exists(rig.path)) {
      e = rig.path + " not found; the " + rig.name + " cases are skipped";
    } else if (!anim::LoadGltfModel(rig.path, model.get(), &e)) {
      model.reset();
    }
    if (!e.empty()) model.reset();
    errors[rig.name] = e;
    models[rig.name] = std::move(model);
  }
  *error = errors[rig.name];
  return models[rig.name].get();
}

void IkBenchmark(benchmark::State& state, const IkRig* rig, IkCase c) {
  std::string error;
  const anim::Model* model = LoadOnce(*rig, &error);
  if (model == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const anim::Skeleton& s = model->skeleton;
  const std::vector<int> arm = {s.FindJoint("RightShoulder"), s.FindJoint("RightArm"),
                                s.FindJoint("RightForeArm"), s.FindJoint("RightHand")};
  const std::vector<int> spine = {s.FindJoint("Spine"), s.FindJoint("Spine1"),
                                  s.FindJoint("Spine2"), s.FindJoint("Neck"), s.FindJoint("Head")};
  for (int j : arm)
    if (j < 0) return state.SkipWithError("the rig lacks a right arm joint");
  for (int j : spine)
    if (j < 0) return state.SkipWithError("the rig lacks a spine joint");
  const std::vector<int>& chain = c == IkCase::kAim || c == IkCase::kLookAt ? spine : arm;

  const anim::Pose& rest = s.RestPose();
  anim::SoaPose locals = s.SoaRestPose();
  anim::ik::IkPose pose(s, locals);
  const glm::vec3 hand = rest.ModelMatrix(arm[3])[3];
  const glm::vec3 head = rest.ModelMatrix(spine[4])[3];
  const float size = glm::length(hand - glm::vec3(rest.ModelMatrix(arm[1])[3]));
  const anim::ik::LookAtJoint look[] = {{spine[0], 0.15f, 0.3f},
                                        {spine[1], 0.2f, 0.3f},
                                        {spine[2], 0.25f, 0.3f},
                                        {spine[3], 0.5f, 0.6f},
                                        {spine[4], 1.0f, 1.2f}};
  const glm::vec3 centre = c == IkCase::kAim || c == IkCase::kLookAt ? head : hand;

  int frame = 0;
  double passes = 0.0;  // CCD and FABRIK: passes run, reported per solve
  for (auto _ : state) {
    for (int j : chain) pose.SetLocal(j, rest.Local(j));
    const float t = static_cast<float>(frame++) * 0.05f;
    const glm::vec3 target =
        centre + size * glm::vec3(0.5f * std::cos(t), 0.5f * std::sin(t), 0.4f);
    switch (c) {
      case IkCase::kTwoBone: {
        anim::ik::TwoBoneIkJob job;
        job.start_joint = arm[1];
        job.mid_joint = arm[2];
        job.end_joint = arm[3];
        job.target = target;
        job.pole = {0, 0, -1};
        job.soften = 0.97f;
        benchmark::DoNotOptimize(anim::ik::SolveTwoBoneIk(pose, job));
        break;
      }
      case IkCase::kAim: {
        anim::ik::AimIkJob job;
        job.joint = spine[4];
        job.target = target;
        benchmark::DoNotOptimize(anim::ik::SolveAimIk(pose, job));
        break;
      }
      case IkCase::kLookAt: {
        anim::ik::LookAtJob job;
        job.chain = look;
        job.target = target;
        benchmark::DoNotOptimize(anim::ik::SolveLookAt(pose, job));
        break;
      }
      case IkCase::kCcd:
      case IkCase::kFabrik: {
        anim::ik::ChainIkJob job;
        job.joints = arm;
        job.target = target;
        job.max_iterations = 20;
        job.tolerance = 1e-3f;
        const anim::ik::ChainIkResult r =
            c == IkCase::kCcd ? anim::ik::SolveCcd(pose, job) : anim::ik::SolveFabrik(pose, job);
        passes += r.iterations;
        benchmark::DoNotOptimize(r);
        break;
      }
    }
    benchmark::ClobberMemory();
  }
  if (c == IkCase::kCcd || c == IkCase::kFabrik)
    state.counters["passes"] = passes / static_cast<double>(state.iterations());
}

void RegisterIk(const char* name, IkCase c) {
  for (const IkRig& rig : kIkRigs) {
    benchmark::RegisterBenchmark((std::string(rig.name) + "/ik/" + name).c_str(), IkBenchmark, &rig,
                                 c)
        ->Unit(benchmark::kNanosecond);
  }
}

// Registered before main runs, beside anim_bench.cpp's own cases.
const bool kRegistered = [] {
  RegisterIk("two_bone", IkCase::kTwoBone);
  RegisterIk("aim", IkCase::kAim);
  RegisterIk("look_at", IkCase::kLookAt);
  RegisterIk("ccd", IkCase::kCcd);
  RegisterIk("fabrik", IkCase::kFabrik);
  return true;
}();

}  // namespace
