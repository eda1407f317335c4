// The controllers of anim/control/ over compressed clips (ClipRef: the
// compressed form with the raw clip it was built from): a cross-fade, a
// clip mixer and a synchronised blend, each against poses worked out here
// without them: the raw clips sampled directly (test_support::SampleInto on
// a Pose) at times kept here in double, blended by nlerp written here, and
// taken to model space by glm. The compressed controllers must stay within
// the builder's tolerance per compressed clip shown, and differ from the
// same controllers over the raw clips (so the compressed form was played).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/compression/playback.h"
#include "anim/control/clip_mixer.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/control/synced_blend.h"
#include "anim/offline/pose.h"
#include "tests/anim/compression_fixture.h"
#include "tests/anim/crowd_compressed_fixture.h"

namespace {

using crowd_compressed_test::Fixture;
using crowd_compressed_test::kTolerance;

constexpr float kDt = 1.0f / 60.0f;
constexpr int kSwing = 0, kFast = 1;

// Clip i's compressed form, with its raw clip and shared decodings.
anim::ClipRef Compressed(const Fixture& f, int i) {
  return {&f.clips[i], &f.compressed[i], f.decodings[i].get()};
}

// The raw clip at `t` seconds from its start, looping, from the rest pose.
anim::Pose RawAt(const Fixture& f, int i, double t) {
  const anim::Clip& clip = f.clips[i];
  const double looped = std::fmod(t, static_cast<double>(clip.Duration()));
  return compression_test::RawPose(clip, f.skeleton, clip.StartTime() + static_cast<float>(looped));
}

// b over a at weight w: translations and scales mixed, rotations nlerped
// along the shorter arc.
anim::Pose Mix(const anim::Pose& a, const anim::Pose& b, float w) {
  anim::Pose out = a;
  for (int j = 0; j < a.JointCount(); ++j) {
    const anim::Transform& ta = a.Local(j);
    const anim::Transform& tb = b.Local(j);
    const glm::quat qb = glm::dot(ta.rotation, tb.rotation) < 0.0f ? -tb.rotation : tb.rotation;
    anim::Transform t = ta;
    t.translation = ta.translation + (tb.translation - ta.translation) * w;
    t.scale = ta.scale + (tb.scale - ta.scale) * w;
    t.rotation = glm::normalize(ta.rotation * (1.0f - w) + qb * w);
    out.SetLocal(j, t);
  }
  return out;
}

std::vector<glm::mat4> Model(const anim::Pose& pose) {
  return compression_test::ModelMatrices(pose);
}
std::vector<glm::mat4> Model(const Fixture& f, const anim::SoaPose& soa) {
  anim::Pose pose = anim::RestPoseOf(f.skeleton);
  soa.Store(pose);
  return compression_test::ModelMatrices(pose);
}

// Swing plays, fast fades in over 0.5 s from frame 10 (linear, smooth: both
// keep playing), then plays alone.
TEST(ControlCompressed, CrossFadeMatchesTheRawClipsWithinTheTolerance) {
  const Fixture f;
  anim::CrossFadeController compressed(f.skeleton), raw(f.skeleton);
  compressed.Play(Compressed(f, kSwing));
  raw.Play(&f.clips[kSwing]);
  anim::FadeOptions options;
  options.duration = 0.5f;
  double t_swing = 0.0, t_fast = 0.0;
  float elapsed = 0.0f;
  bool fading = false, promoted = false;
  float worst = 0.0f, worst_raw = 0.0f;
  for (int frame = 0; frame < 90; ++frame) {
    if (frame == 10) {
      ASSERT_EQ(compressed.FadeTo(Compressed(f, kFast), options), anim::FadeResult::kQueued);
      ASSERT_EQ(raw.FadeTo(&f.clips[kFast], options), anim::FadeResult::kQueued);
      // The same clip again, compressed, is the target already.
      EXPECT_EQ(compressed.FadeTo(Compressed(f, kFast), options), anim::FadeResult::kAlreadyTarget);
      fading = true;
    }
    ASSERT_TRUE(compressed.Update(kDt));
    ASSERT_TRUE(raw.Update(kDt));
    t_swing += kDt;
    anim::Pose expected = RawAt(f, kSwing, t_swing);
    if (fading) {
      t_fast += kDt;
      elapsed = std::min(elapsed + kDt, options.duration);
      expected = Mix(expected, RawAt(f, kFast, t_fast), elapsed / options.duration);
      if (elapsed >= options.duration) promoted = true;
    }
    if (promoted) expected = RawAt(f, kFast, t_fast);
    const float error =
        compression_test::VirtualPointError(Model(expected), Model(f, compressed.CurrentPose()));
    // Each compressed clip shown adds at most its tolerance.
    EXPECT_LE(error, (fading && !promoted ? 2.0f : 1.0f) * kTolerance + 1e-5f) << "frame " << frame;
    worst = std::max(worst, error);
    worst_raw = std::max(worst_raw, compression_test::VirtualPointError(
                                        Model(expected), Model(f, raw.CurrentPose())));
  }
  EXPECT_TRUE(promoted);
  EXPECT_EQ(compressed.TargetCount(), 0);
  EXPECT_EQ(compressed.CurrentSource(), Compressed(f, kFast));
  EXPECT_EQ(compressed.CurrentClip(), &f.clips[kFast]);
  // The raw controller matches the expectation to float rounding; the
  // compressed one measurably less closely: it played the compressed form.
  EXPECT_LT(worst_raw, 1e-5f);
  EXPECT_GT(worst, 0.01f * kTolerance);
}

// Two actions at 0.5 each (their weights sum to 1: no rest pose mixed in).
TEST(ControlCompressed, ClipMixerMatchesTheRawClipsWithinTheTolerance) {
  const Fixture f;
  const std::array<anim::ClipRef, 2> clips = {Compressed(f, kSwing), Compressed(f, kFast)};
  anim::ClipMixer compressed(f.skeleton, std::span<const anim::ClipRef>(clips));
  anim::ClipMixer raw(f.skeleton, std::span<const anim::Clip>(f.clips.data(), 2));
  for (anim::ClipMixer* mixer : {&compressed, &raw}) {
    mixer->PlayAll();
    mixer->SetWeight(0, 0.5f);
    mixer->SetWeight(1, 0.5f);
  }
  double t = 0.0;
  float worst = 0.0f, worst_raw = 0.0f;
  for (int frame = 0; frame < 90; ++frame) {
    ASSERT_TRUE(compressed.Update(kDt));
    ASSERT_TRUE(raw.Update(kDt));
    t += kDt;
    const anim::Pose expected = Mix(RawAt(f, kSwing, t), RawAt(f, kFast, t), 0.5f);
    const float error =
        compression_test::VirtualPointError(Model(expected), Model(f, compressed.CurrentPose()));
    EXPECT_LE(error, 2.0f * kTolerance + 1e-5f) << "frame " << frame;
    worst = std::max(worst, error);
    worst_raw = std::max(worst_raw, compression_test::VirtualPointError(
                                        Model(expected), Model(f, raw.CurrentPose())));
  }
  EXPECT_LT(worst_raw, 1e-5f);
  EXPECT_GT(worst, 0.01f * kTolerance);
}

// Swing (1.3 s) and fast (0.7 s) at weight 0.3 share one phase that
// advances by dt over the blended cycle, 0.3 * 0.7 + 0.7 * 1.3 s.
TEST(ControlCompressed, SyncedBlendMatchesTheRawClipsWithinTheTolerance) {
  const Fixture f;
  anim::SyncedBlend compressed(f.skeleton), raw(f.skeleton);
  compressed.Start(Compressed(f, kSwing), Compressed(f, kFast));
  raw.Start(&f.clips[kSwing], &f.clips[kFast]);
  constexpr float kWeight = 0.3f;
  const double l_swing = f.clips[kSwing].Duration(), l_fast = f.clips[kFast].Duration();
  const double cycle = kWeight * l_fast + (1.0 - kWeight) * l_swing;
  double phase = 0.0;
  anim::SoaPose out(f.skeleton.RestPose()), raw_out(f.skeleton.RestPose());
  float worst = 0.0f, worst_raw = 0.0f;
  for (int frame = 0; frame < 90; ++frame) {
    ASSERT_TRUE(compressed.Update(kDt, kWeight, out));
    ASSERT_TRUE(raw.Update(kDt, kWeight, raw_out));
    phase = std::fmod(phase + kDt / cycle, 1.0);
    const anim::Pose expected =
        Mix(RawAt(f, kSwing, phase * l_swing), RawAt(f, kFast, phase * l_fast), kWeight);
    const float error = compression_test::VirtualPointError(Model(expected), Model(f, out));
    EXPECT_LE(error, 2.0f * kTolerance + 1e-5f) << "frame " << frame;
    worst = std::max(worst, error);
    worst_raw = std::max(worst_raw,
                         compression_test::VirtualPointError(Model(expected), Model(f, raw_out)));
  }
  EXPECT_LT(worst_raw, 1e-5f);
  EXPECT_GT(worst, 0.01f * kTolerance);
}

}  // namespace
