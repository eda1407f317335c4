// Soak test: the default character (assets/mannequin.gltf) driven at 60 Hz
// through random, fixed-seed plays, cross-fades (all transition and loop
// modes, phase matching, negative rates), rate changes and an additive layer
// whose clip and weight change, checking EVERY frame that
//   - no local transform of the shown pose is non-finite, no rotation
//     unnormalised, no model matrix non-finite;
//   - every playback's wrapped time lies in its clip's range for its loop
//     mode, and its normalised time in [0, 1];
// and over the whole run that the heap does not grow after the first
// simulated minute (global operator new is counted; no allocation at all is
// expected, as the per-frame path allocates nothing).
//
// ctest runs 5 simulated minutes (a few seconds). The full hour:
//   ANIM_SOAK_SECONDS=3600 build/tests/soak/anim_soak_tests --gtest_filter='Soak.*'
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <random>
#include <string>
#include <vector>

#include <malloc.h>

#include <gtest/gtest.h>

#include "allocation_counter.h"

#include "anim/blending/additive.h"
#include "anim/blending/soa_additive.h"
#include "anim/compression/playback.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/core/local_to_model_jobs.h"
#include "import/gltf_importer.h"

namespace {

constexpr float kDt = 1.0f / 60.0f;

double SoakSeconds() {
  const char* env = std::getenv("ANIM_SOAK_SECONDS");
  if (env == nullptr) return 300.0;
  const double seconds = std::atof(env);
  return seconds > 60.0 ? seconds : 300.0;
}

// Records the first problem without allocating (a std::string per frame
// would itself show up as heap use).
struct Problems {
  long count = 0;
  char first[256] = {};

  void Report(long frame, const char* what, int index) {
    if (count++ == 0) std::snprintf(first, sizeof first, "frame %ld: %s (%d)", frame, what, index);
  }
};

bool Finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// `model` holds the model matrices of `pose`.
void CheckPose(const anim::SoaPose& pose, const std::vector<glm::mat4>& model, long frame,
               Problems& problems) {
  for (int j = 0; j < pose.JointCount(); ++j) {
    const anim::Transform& t = pose.Local(j);
    const glm::quat& q = t.rotation;
    if (!Finite(t.translation) || !Finite(t.scale))
      problems.Report(frame, "non-finite translation/scale", j);
    const float length = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    if (!(std::abs(length - 1.0f) < 1e-3f)) problems.Report(frame, "unnormalised rotation", j);
  }
  for (int j = 0; j < pose.JointCount(); ++j) {
    for (int c = 0; c < 4; ++c) {
      if (!Finite(glm::vec3(model[j][c])) || !std::isfinite(model[j][c][3])) {
        problems.Report(frame, "non-finite model matrix", j);
      }
    }
  }
}

void CheckTime(const anim::Playback& playback, long frame, Problems& problems, int which) {
  const anim::Clip* clip = playback.clip;
  if (clip == nullptr) return;
  const float start = clip->StartTime(), end = clip->EndTime();
  const float limit =
      playback.mode == anim::LoopMode::kPingPong ? start + 2.0f * (end - start) : end;
  if (!(playback.time >= start && playback.time <= limit))
    problems.Report(frame, "time outside the clip", which);
  const float phase = playback.NormalizedTime();
  if (!(phase >= 0.0f && phase <= 1.0f))
    problems.Report(frame, "normalised time outside [0, 1]", which);
}

TEST(Soak, RandomDrivingStaysFiniteInRangeAndAllocationFree) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  const anim::Skeleton& skeleton = model.skeleton;
  const int clip_count = static_cast<int>(model.clips.size());
  ASSERT_GE(clip_count, 2);

  // Set-up may allocate: controller, poses, every additive reference pose.
  anim::CrossFadeController controller(skeleton);
  std::vector<anim::SoaPose> bases;
  for (const anim::Clip& clip : model.clips)
    bases.push_back(anim::MakeAdditivePose(skeleton, clip));
  anim::SoaPose additive = skeleton.RestPose(), shown = skeleton.RestPose();
  anim::Playback additive_playback;
  int additive_clip = 0;
  additive_playback.Start(&model.clips[additive_clip]);
  float additive_weight = 0.0f, additive_target = 0.5f;
  std::vector<glm::mat4> model_matrices(skeleton.JointCount()), palette(skeleton.JointCount());
  controller.Play(&model.clips[0]);

  std::mt19937 rng(20261122);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const auto pick_clip = [&] {
    return static_cast<int>(rng() % static_cast<unsigned>(clip_count));
  };
  const auto pick_mode = [&] {
    const unsigned r = rng() % 3;
    return r == 0   ? anim::LoopMode::kLoop
           : r == 1 ? anim::LoopMode::kPingPong
                    : anim::LoopMode::kClamp;
  };

  const long frames = static_cast<long>(SoakSeconds() * 60.0);
  const long minute = 60 * 60;
  long allocations_after_minute = -1;
  std::size_t heap_after_minute = 0;
  long fades = 0, plays = 0, rate_changes = 0, additive_changes = 0;
  Problems problems;
  for (long frame = 0; frame < frames; ++frame) {
    if (frame == minute) {
      allocations_after_minute = test_support::AllocationCount();
      heap_after_minute = mallinfo2().uordblks;
    }
    const float r = unit(rng);
    if (r < 1.0f / 90) {  // a cross-fade every 1.5 s on average
      anim::FadeOptions fade;
      fade.duration = 1.2f * unit(rng);
      const anim::TransitionMode modes[] = {anim::TransitionMode::kSmooth,
                                            anim::TransitionMode::kFrozen,
                                            anim::TransitionMode::kInertial};
      fade.mode = modes[rng() % 3];
      fade.match_phase = rng() % 2;
      fade.start_phase = unit(rng);
      fade.phase_scale = 0.5f + unit(rng);
      fade.phase_offset = unit(rng);
      fade.loop = pick_mode();
      fade.rate = -1.0f + 3.0f * unit(rng);
      controller.FadeTo(&model.clips[pick_clip()], fade);
      ++fades;
    } else if (r < 1.0f / 90 + 1.0f / 1800) {  // a hard cut every 30 s
      controller.Play(&model.clips[pick_clip()], pick_mode(), -1.0f + 3.0f * unit(rng));
      ++plays;
    } else if (r < 1.0f / 90 + 1.0f / 1800 + 1.0f / 400) {
      controller.Current().rate = -2.0f + 4.0f * unit(rng);
      ++rate_changes;
    } else if (r < 1.0f / 90 + 1.0f / 1800 + 1.0f / 400 + 1.0f / 300) {
      additive_target = unit(rng);
      if (rng() % 2) {
        additive_clip = pick_clip();
        additive.CopyFrom(skeleton.RestPose());  // same size: copies without allocating
        additive_playback.Start(&model.clips[additive_clip], pick_mode(), 0.5f + unit(rng));
      }
      ++additive_changes;
    }

    if (!controller.Update(kDt)) problems.Report(frame, "Update refused the frame", 0);
    additive_playback.Advance(kDt, additive);
    additive_weight += (additive_target - additive_weight) * 0.05f;
    anim::Add(shown, controller.CurrentPose(), additive, bases[additive_clip], additive_weight);
    anim::ComputePalette(skeleton, shown, model_matrices, palette);

    CheckPose(shown, model_matrices, frame, problems);
    CheckTime(controller.Current(), frame, problems, -1);
    for (int i = 0; i < controller.TargetCount(); ++i)
      CheckTime(controller.Target(i).playback, frame, problems, i);
    CheckTime(additive_playback, frame, problems, 100);
  }
  const long allocations_at_end = test_support::AllocationCount();
  const std::size_t heap_at_end = mallinfo2().uordblks;

  EXPECT_EQ(problems.count, 0) << "first: " << problems.first;
  EXPECT_EQ(allocations_at_end, allocations_after_minute)
      << "operator new called " << allocations_at_end - allocations_after_minute
      << " times after the first simulated minute";
  EXPECT_LE(heap_at_end, heap_after_minute) << "bytes in use grew after the first minute";
  // The run did what it says (so a broken random schedule cannot pass).
  EXPECT_GT(fades, static_cast<long>(frames / 90 / 2));
  EXPECT_GT(plays + rate_changes + additive_changes, 0);
  std::printf(
      "soak: %.0f simulated s, %ld frames, %ld fades, %ld plays, %ld rate changes, "
      "%ld additive changes, %ld problems, heap %zu -> %zu bytes, %ld allocations "
      "after minute 1\n",
      frames / 60.0, frames, fades, plays, rate_changes, additive_changes, problems.count,
      heap_after_minute, heap_at_end, allocations_at_end - allocations_after_minute);
}

}  // namespace
