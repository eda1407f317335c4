// Foot IK per character per frame (anim::ik::SolveFootIk): both legs of a
// walking character on the sample's generated bumpy slope, the ground
// probed through scene::Ground's ray cast, as sample 12 does.
//
//   <rig>/foot_ik   one solve (two ray casts, pelvis, two two-bone solves,
//                   two ankle alignments) per iteration; the walk pose is
//                   copied back in first, so every solve starts animated
//
// ns_per_character is the benchmark thread's CPU time per solve.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <filesystem>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/skeleton.h"
#include "anim/ik/foot_ik.h"
#include "anim/offline/joint_height.h"
#include "import/gltf_importer.h"
#include "scene/foot_ik_ground.h"
#include "scene/ground.h"
#include "scene/heightfield_ground.h"

namespace {

struct FootRig {
  const char* name;
  std::string path;
  const char* walk;
  // Model units per metre: the mannequin is in metres; Woman.gltf, drawn
  // 4.5 units tall, has about 2.8 (samples/clip_speed.h measures it).
  float units_per_metre;
};

const FootRig kFootRigs[] = {
    {"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf", "Walk", 1.0f},
    {"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf", "Walking", 2.8f},
};

int JointNamed(const anim::Skeleton& skeleton, const std::string& name) {
  for (int j = 0; j < skeleton.JointCount(); ++j)
    if (skeleton.JointName(j) == name) return j;
  return -1;
}

void FootIk(benchmark::State& state, const FootRig* rig) {
  anim::Model model;
  std::string error;
  if (!std::filesystem::exists(rig->path)) {
    state.SkipWithError((rig->path + " not found; the " + rig->name + " case is skipped").c_str());
    return;
  }
  if (!anim::LoadGltfModel(rig->path, &model, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  const anim::Skeleton& skeleton = model.skeleton;
  const anim::Clip& walk = model.clips[std::max(0, model.FindClip(rig->walk))];
  std::array<anim::ik::FootIkLeg, 2> legs;
  const char* feet[2] = {"LeftFoot", "RightFoot"};
  for (int i = 0; i < 2; ++i) {
    anim::ik::LegFromAnkle(skeleton, JointNamed(skeleton, feet[i]), &legs[i]);
    legs[i].ankle_height = anim::LowestJointHeight(skeleton, walk, legs[i].ankle);
  }
  scene::Ground ground;
  if (!ground.Set(scene::MakeHeightfieldGround(scene::BumpySlopedGround(rig->units_per_metre)),
                  &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  // Mid-stride with one foot planted, standing on the slope 1.3 m from the
  // centre.
  anim::SoaPose animated = skeleton.RestPose();
  walk.Sample(animated, walk.TimeAtPhase(0.3f));
  const float u = rig->units_per_metre;
  scene::RayHit under;
  ground.ProbeDown(1.3f * u, 0.4f * u, &under);
  std::array<anim::ik::FootIkLegResult, 2> results;
  anim::ik::FootIkJob job;
  job.legs = legs;
  job.results = results;
  job.pelvis = JointNamed(skeleton, "Hips");
  job.world = glm::translate(glm::mat4(1.0f), under.point);
  job.ground = scene::FootIkGround(ground);
  job.probe_above = job.probe_below = 0.5f * u;
  job.max_pelvis_drop = 0.35f * u;
  job.soften = 0.97f;
  anim::SoaPose locals = animated;
  anim::ik::IkPose pose(skeleton, locals);

  timespec begin{}, end{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &begin);
  for (auto _ : state) {
    locals.CopyFrom(animated);
    benchmark::DoNotOptimize(anim::ik::SolveFootIk(pose, job));
    benchmark::ClobberMemory();
  }
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end);
  const double ns = static_cast<double>(end.tv_sec - begin.tv_sec) * 1e9 +
                    static_cast<double>(end.tv_nsec - begin.tv_nsec);
  state.counters["ns_per_character"] = ns / static_cast<double>(state.iterations());
}

bool RegisterFootIkBenchmarks() {
  for (const FootRig& rig : kFootRigs) {
    benchmark::RegisterBenchmark((std::string(rig.name) + "/foot_ik").c_str(), FootIk, &rig)
        ->Unit(benchmark::kNanosecond);
  }
  return true;
}

// Registered before main() runs, next to anim_bench.cpp's own cases.
const bool kFootIkBenchRegistered = RegisterFootIkBenchmarks();

}  // namespace
