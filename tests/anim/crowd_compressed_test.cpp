// CrowdAnimator with compressed clips in a, b and the additive layer
// (Playbacks of compressed clips), against two references made without it:
// - each character alone: its compressed clips sampled by
//   SampleCompressedClip into contexts of the reference's own (bound to the
//   same shared decodings) at times kept by a clock written here, its raw
//   clips by Playback::Advance; then blended, layered and taken to model
//   space by glm on Transforms and matrix products, not by the SoA kernels;
// - the same characters on the raw clips through CrowdAnimator's raw path,
//   within the bound the builder's tolerance gives.
// Crowds mix raw and compressed characters (and slots), on one and two
// workers; the characters it must refuse are refused and counted.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/playback.h"
#include "anim/core/parallel_for.h"
#include "anim/offline/pose.h"
#include "tests/anim/compression_fixture.h"
#include "tests/anim/crowd_compressed_fixture.h"
#include "tests/anim/reverse_ranges.h"
#include "tests/anim/test_util.h"

namespace {

using crowd_compressed_test::CharacterSpec;
using crowd_compressed_test::Crowd;
using crowd_compressed_test::Fixture;
using crowd_compressed_test::kLean;
using crowd_compressed_test::SlotSpec;
using Loop = anim::LoopMode;

constexpr float kDt = 1.0f / 60.0f;

// Uneven steps, a long one past several loop ends (and a clamp's end), one
// standing still.
float StepOf(int frame) {
  return frame == 23   ? 2.3f
         : frame == 24 ? 0.0f
                       : kDt * (1.0f + 0.1f * static_cast<float>(frame % 3));
}

// Every kind of character, in an order that makes each worker's scratch
// poses switch between raw and compressed clips, and between clips that
// animate different channels (slide: translations; turn: one rotation,
// everything else omitted from the compressed clip).
std::vector<CharacterSpec> MixedSpecs(int count) {
  std::vector<CharacterSpec> specs(count);
  const Loop modes[] = {Loop::kLoop, Loop::kPingPong, Loop::kClamp};
  for (int i = 0; i < count; ++i) {
    CharacterSpec& s = specs[i];
    const float t = 0.07f * static_cast<float>(i);
    s.a = {i % 4, true, modes[i % 3], (i % 2 ? -1.0f : 1.0f) * (0.8f + 0.1f * (i % 3)), t};
    switch (i % 6) {
      case 0:  // compressed a alone
        break;
      case 1:  // compressed a and b, b backwards
        s.b = {(i / 2 + 1) % 4, true, Loop::kPingPong, -1.3f, 0.5f * t};
        break;
      case 2:  // raw a, compressed b
        s.a.compressed = false;
        s.b = {(i / 2 + 1) % 4, true, Loop::kLoop, 1.1f, 0.3f};
        break;
      case 3:  // compressed a, raw b
        s.b = {(i / 2 + 1) % 4, false, Loop::kLoop, 0.9f, 0.2f};
        break;
      case 4:  // raw a alone
        s.a.compressed = false;
        break;
      case 5:  // raw a and b
        s.a.compressed = false;
        s.b = {(i / 2 + 1) % 4, false, Loop::kPingPong, -0.6f, 0.1f};
        break;
    }
    s.weight = 0.1f * static_cast<float>(i % 11);
    if (i % 3 == 1) {
      s.additive = {kLean, i % 2 == 1, Loop::kLoop, i % 4 == 1 ? -0.7f : 1.0f, 0.5f * t};
      s.additive_weight = 0.4f + 0.1f * static_cast<float>(i % 7);
    }
    s.palette = i % 4 != 3;
    s.model = i % 4 != 0;
    s.local_pose = i % 5 == 0;
  }
  return specs;
}

// The reference clock of a compressed slot: the clip time accumulated in
// double and wrapped by the loop mode here (not by anim::ClipClock).
struct ReferenceClock {
  double start = 0.0, duration = 0.0, time = 0.0, rate = 1.0;
  Loop mode = Loop::kLoop;
  void Advance(double dt) {
    time += dt * rate;
    if (mode == Loop::kClamp) {
      time = std::clamp(time, start, start + duration);
      return;
    }
    const double period = mode == Loop::kPingPong ? 2.0 * duration : duration;
    double within = std::fmod(time - start, period);
    if (within < 0.0) within += period;
    time = start + within;
  }
  // Ping-pong's second half plays the clip backwards.
  float SampleTime() const {
    const double within = time - start;
    return static_cast<float>(
        mode == Loop::kPingPong && within > duration ? start + 2.0 * duration - within : time);
  }
};

// One slot of a reference character: a raw Playback or the compressed clip,
// a context of its own and the clock above.
struct ReferenceSlot {
  int clip = -1;
  bool compressed = false;
  anim::Playback raw;
  anim::CompressedClipContext context;
  ReferenceClock clock;

  ReferenceSlot(const Fixture& f, const SlotSpec& spec)
      : clip(spec.clip), compressed(spec.compressed) {
    if (clip < 0) return;
    if (!compressed) {
      raw.Start(&f.clips[clip], spec.mode, spec.rate);
      raw.time = spec.time;
      return;
    }
    const anim::CompressedClip& c = f.compressed[clip];
    EXPECT_EQ(context.Bind(c, f.decodings[clip].get()), "");
    clock = {c.StartTime(), c.Duration(), spec.time, spec.rate, spec.mode};
  }
  // The slot's local pose after dt, from the rest pose.
  anim::Pose Next(const Fixture& f, float dt) {
    anim::SoaPose pose(f.skeleton.RestPose());
    if (compressed) {
      clock.Advance(dt);
      EXPECT_TRUE(
          anim::SampleCompressedClip(f.compressed[clip], clock.SampleTime(), context, pose));
    } else {
      EXPECT_TRUE(raw.Advance(dt, pose));
    }
    return anim::AsPose(f.skeleton, pose);
  }
};

// Blend by glm: lerp, and nlerp on the shorter arc.
anim::Transform GlmBlend(const anim::Transform& a, const anim::Transform& b, float w) {
  const glm::quat rb = glm::dot(a.rotation, b.rotation) < 0.0f ? -b.rotation : b.rotation;
  anim::Transform out;
  out.translation = glm::mix(a.translation, b.translation, w);
  out.rotation = glm::normalize(a.rotation * (1.0f - w) + rb * w);
  out.scale = glm::mix(a.scale, b.scale, w);
  return out;
}

// An additive layer by glm: in + w * (add - base) for translation and
// scale; in * delta^w for rotation, delta = inverse(base) * add taken on
// the identity's side and nlerped from the identity.
anim::Transform GlmLayer(const anim::Transform& in, const anim::Transform& add,
                         const anim::Transform& base, float w) {
  glm::quat delta = glm::inverse(base.rotation) * add.rotation;
  if (delta.w < 0.0f) delta = -delta;
  const glm::quat scaled =
      w == 1.0f ? delta : glm::normalize(glm::quat(1, 0, 0, 0) * (1.0f - w) + delta * w);
  anim::Transform out;
  out.translation = in.translation + (add.translation - base.translation) * w;
  out.rotation = glm::normalize(in.rotation * scaled);
  out.scale = in.scale + (add.scale - base.scale) * w;
  return out;
}

// A character animated alone, the reference's way.
struct ReferenceCharacter {
  CharacterSpec spec;
  ReferenceSlot a, b, additive;
  anim::Pose local;
  std::vector<glm::mat4> model, palette;

  ReferenceCharacter(const Fixture& f, const CharacterSpec& s)
      : spec(s), a(f, s.a), b(f, s.b), additive(f, s.additive) {}

  void Frame(const Fixture& f, float dt) {
    local = a.Next(f, dt);
    if (b.clip >= 0) {
      const anim::Pose pb = b.Next(f, dt);
      for (int j = 0; j < local.JointCount(); ++j) {
        local.SetLocal(j, GlmBlend(local.Local(j), pb.Local(j), spec.weight));
      }
    }
    if (additive.clip >= 0) {
      const anim::Pose add = additive.Next(f, dt);
      const anim::Pose base = anim::AsPose(f.skeleton, f.lean_base);
      for (int j = 0; j < local.JointCount(); ++j) {
        local.SetLocal(j,
                       GlmLayer(local.Local(j), add.Local(j), base.Local(j), spec.additive_weight));
      }
    }
    model = compression_test::ModelMatrices(local);
    palette.resize(model.size());
    for (std::size_t j = 0; j < model.size(); ++j) {
      palette[j] = model[j] * f.skeleton.InverseBindMatrices()[j];
    }
  }
};

// 1e-6 of the values' size (a few units on this rig): the glm and SoA
// paths round differently, nothing more.
constexpr float kSame = 4e-6f;

void ExpectMatches(const Crowd& crowd, int i, const ReferenceCharacter& want,
                   const std::string& where) {
  SCOPED_TRACE(where + ", character " + std::to_string(i));
  for (std::size_t j = 0; j < want.model.size(); ++j) {
    if (want.spec.palette) anim_test::ExpectMatNear(crowd.palettes[i][j], want.palette[j], kSame);
    if (want.spec.model) anim_test::ExpectMatNear(crowd.models[i][j], want.model[j], kSame);
  }
  if (!want.spec.local_pose) return;
  for (int j = 0; j < want.local.JointCount(); ++j) {
    const anim::Transform got = crowd.locals[i].Local(j), w = want.local.Local(j);
    EXPECT_LE(glm::length(got.translation - w.translation), kSame);
    EXPECT_LE(anim_test::RotationAngle(got.rotation, w.rotation), 1e-5);
  }
}

TEST(CrowdCompressed, CharactersMatchTheirClipsSampledAndBlendedAlone) {
  const Fixture f;
  constexpr int kCount = 30;
  const std::vector<CharacterSpec> specs = MixedSpecs(kCount);
  for (int workers : {1, 2, 4, 8, 16}) {
    Crowd crowd(f, specs);
    std::vector<ReferenceCharacter> reference;
    reference.reserve(specs.size());
    for (const CharacterSpec& s : specs) reference.emplace_back(f, s);
    anim::CrowdAnimator animator(f.skeleton, workers);
    for (int frame = 0; frame < 90; ++frame) {
      const float dt = StepOf(frame);
      ASSERT_EQ(animator.Update(crowd.characters, dt, anim_test::ReverseRanges{workers}), kCount);
      for (int i = 0; i < kCount; ++i) {
        reference[i].Frame(f, dt);
        ExpectMatches(crowd, i, reference[i],
                      std::to_string(workers) + " workers, frame " + std::to_string(frame));
      }
      if (HasFailure()) return;  // one frame's failures are enough to read
    }
  }
}

TEST(CrowdCompressed, RealThreadsGiveTheInlineRunsOutputs) {
  const Fixture f;
  const std::vector<CharacterSpec> specs = MixedSpecs(40);
  for (int threads : {2, 4, 8, 16}) {
    Crowd crowd(f, specs), inline_crowd(f, specs);
    anim::ParallelFor pool(threads);
    anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
    anim::CrowdAnimator animator(f.skeleton, jobs.WorkerCount()), inline_animator(f.skeleton);
    for (int frame = 0; frame < 30; ++frame) {
      EXPECT_EQ(animator.Update(crowd.characters, StepOf(frame), jobs), 40);
      EXPECT_EQ(inline_animator.Update(inline_crowd.characters, StepOf(frame)), 40);
    }
    // The same kernels on the same inputs: bit for bit.
    EXPECT_EQ(crowd.palettes, inline_crowd.palettes) << threads << " threads";
    EXPECT_EQ(crowd.models, inline_crowd.models) << threads << " threads";
  }
}

// Each compressed character beside its twin on the raw clips (character
// 2k + 1 is 2k with every slot raw), both through CrowdAnimator: the
// builder keeps each clip within kTolerance at the virtual points, and a
// blend or a layer adds at most each compressed clip's error, so a
// character's bound is kTolerance per compressed slot.
TEST(CrowdCompressed, StaysWithinTheTolerancesOfTheRawClips) {
  const Fixture f;
  std::vector<CharacterSpec> specs;
  for (const CharacterSpec& s : MixedSpecs(36)) {
    CharacterSpec compressed = s, raw = s;
    for (SlotSpec* slot : {&compressed.a, &compressed.b, &compressed.additive}) {
      if (slot->clip >= 0) slot->compressed = true;
    }
    for (SlotSpec* slot : {&raw.a, &raw.b, &raw.additive}) slot->compressed = false;
    compressed.model = raw.model = true;
    specs.push_back(compressed);
    specs.push_back(raw);
  }
  Crowd crowd(f, specs);
  anim::CrowdAnimator animator(f.skeleton, 2);
  float worst = 0.0f;
  for (int frame = 0; frame < 120; ++frame) {
    ASSERT_EQ(animator.Update(crowd.characters, StepOf(frame), anim_test::ReverseRanges{2}),
              static_cast<int>(specs.size()));
    for (std::size_t i = 0; i < specs.size(); i += 2) {
      const CharacterSpec& s = specs[i];
      const int slots = 1 + (s.b.clip >= 0) + (s.additive.clip >= 0);
      const float error = compression_test::VirtualPointError(crowd.models[i], crowd.models[i + 1]);
      EXPECT_LE(error, static_cast<float>(slots) * crowd_compressed_test::kTolerance)
          << "frame " << frame << ", character " << i;
      worst = std::max(worst, error);
    }
  }
  // The compressed clips are not the raw ones: the comparison compared something.
  EXPECT_GT(worst, 0.01f * crowd_compressed_test::kTolerance);
}

// What CrowdAnimator refuses on the compressed path, each character left
// as it was (outputs and clock) and not counted.
TEST(CrowdCompressed, RefusesWhatItCannotPlayAndSaysHowMany) {
  const Fixture f;
  const int joints = f.skeleton.JointCount();
  // A clip made for a skeleton of another joint count.
  const anim::Skeleton legs = anim_test::MakeTwoLegSkeleton();
  const anim::Clip legs_clip("legs", {[] {
                               anim::JointTracks jt;
                               jt.joint = 1;
                               jt.translation =
                                   anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                                     {{1, 0, 0}, {1, 1, 0}});
                               return jt;
                             }()});
  const anim::CompressedClip legs_compressed = anim::BuildCompressedClip(legs_clip, legs);
  ASSERT_EQ(legs_compressed.JointCount(), 3);

  constexpr int kCount = 8;
  std::vector<std::vector<glm::mat4>> palettes(kCount,
                                               std::vector<glm::mat4>(joints, glm::mat4(7.0f)));
  std::vector<anim::Playback> p(kCount);
  std::vector<anim::CrowdCharacter> crowd(kCount);
  for (int i = 0; i < kCount; ++i) {
    EXPECT_EQ(p[i].Start({nullptr, &f.compressed[0], f.decodings[0].get()}), "");
    p[i].SetTime(0.25);
    crowd[i].a = &p[i];
    crowd[i].palette = palettes[i];
  }
  // 0: a context bound to another clip (the playback's clip changed under it).
  p[0].compressed = &f.compressed[1];
  // 1: a clip of another joint count.
  EXPECT_EQ(p[1].Start({nullptr, &legs_compressed}), "");
  // 2: decodings of another clip: Start says so, naming both clips, and the
  // context stays unbound.
  const std::string problem = p[2].Start({nullptr, &f.compressed[0], f.decodings[1].get()});
  EXPECT_NE(problem.find("swing"), std::string::npos) << problem;
  EXPECT_NE(problem.find("fast"), std::string::npos) << problem;
  // 3: a compressed additive layer without a base.
  anim::Playback lean;
  EXPECT_EQ(lean.Start({nullptr, &f.compressed[kLean], f.decodings[kLean].get()}), "");
  crowd[3].additive = &lean;
  // 4: a playback of neither form plays nothing.
  p[4].compressed = nullptr;
  // 5: a rate that is not finite.
  p[5].rate = std::nanf("");
  // 6: b refused (bound to another clip) refuses the whole character.
  anim::Playback b;
  EXPECT_EQ(b.Start({nullptr, &f.compressed[2], f.decodings[2].get()}), "");
  b.compressed = &f.compressed[3];
  crowd[6].b = &b;
  // 7: the one that can be animated.
  const std::vector<double> times_before = [&] {
    std::vector<double> t;
    t.reserve(p.size());
    for (const anim::Playback& q : p) t.push_back(q.Clock().Time());
    return t;
  }();

  anim::CrowdAnimator animator(f.skeleton);
  EXPECT_EQ(animator.Update(crowd, 0.1f), 1);
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(palettes[i][0], glm::mat4(7.0f)) << "character " << i;
    // Refused before a's clock moved (6's a played before its b was refused,
    // as a raw a does).
    if (i != 6) {
      EXPECT_EQ(p[i].Clock().Time(), times_before[i]) << "character " << i << "'s clock";
    }
  }
  EXPECT_NE(palettes[7][1], glm::mat4(7.0f));
  EXPECT_NEAR(p[7].Clock().Time(), 0.35, 1e-6);

  // A b playback without a clip is no b: a plays alone.
  b.compressed = nullptr;
  p[6].SetTime(0.25);  // where 7 was before its step
  EXPECT_EQ(animator.Update(std::span(crowd).subspan(6, 1), 0.1f), 1);
  EXPECT_EQ(palettes[6], palettes[7]);
}

// A playback given both forms of a clip (the raw clip beside its compressed
// form) samples the compressed one: the output is that of a character given
// the compressed clip alone, at the same time.
TEST(CrowdCompressed, APlaybackGivenBothFormsPlaysTheCompressedOne) {
  const Fixture f;
  const int joints = f.skeleton.JointCount();
  std::vector<std::vector<glm::mat4>> palettes(2, std::vector<glm::mat4>(joints, glm::mat4(7.0f)));
  anim::Playback both, alone;  // fast, compressed, at the same time
  EXPECT_EQ(both.Start({&f.clips[1], &f.compressed[1], f.decodings[1].get()}), "");
  EXPECT_EQ(alone.Start({nullptr, &f.compressed[1], f.decodings[1].get()}), "");
  for (anim::Playback* p : {&both, &alone}) p->SetTime(0.2);
  std::vector<anim::CrowdCharacter> crowd(2);
  crowd[0].a = &both;
  crowd[1].a = &alone;
  for (int i = 0; i < 2; ++i) crowd[i].palette = palettes[i];
  anim::CrowdAnimator animator(f.skeleton);
  for (int frame = 0; frame < 3; ++frame) {
    ASSERT_EQ(animator.Update(crowd, StepOf(frame)), 2);
    EXPECT_EQ(palettes[0], palettes[1]) << "frame " << frame;
  }
  EXPECT_NE(palettes[0][1], glm::mat4(7.0f));
  EXPECT_EQ(both.Clock().Time(), alone.Clock().Time());
}

// Start binds the context to the shared decodings: it then keeps only its
// keys, less than a context with decodings of its own, and samples alike.
TEST(CrowdCompressed, StartBindsTheContextToTheSharedDecodings) {
  const Fixture f;
  anim::Playback shared, own;
  EXPECT_EQ(shared.Start({nullptr, &f.compressed[0], f.decodings[0].get()}, Loop::kLoop, 1.0f), "");
  EXPECT_EQ(own.Start({nullptr, &f.compressed[0]}, Loop::kLoop, 1.0f), "");
  EXPECT_LT(shared.context.ByteSize(), own.context.ByteSize());
  EXPECT_TRUE(shared.context.BoundTo(f.compressed[0]));
  anim::SoaPose a(f.skeleton.RestPose()), b(f.skeleton.RestPose());
  for (int frame = 0; frame < 100; ++frame) {
    ASSERT_TRUE(shared.Advance(StepOf(frame), a));
    ASSERT_TRUE(own.Advance(StepOf(frame), b));
    for (int j = 0; j < a.JointCount(); ++j) {
      EXPECT_EQ(a.Local(j).rotation, b.Local(j).rotation) << "frame " << frame;
      EXPECT_EQ(a.Local(j).translation, b.Local(j).translation) << "frame " << frame;
    }
  }
}

}  // namespace
