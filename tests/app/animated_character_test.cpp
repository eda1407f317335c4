// The viewer's character plays a clip compressed or raw, through one
// anim::Playback: both are checked against a reference made without either,
// the raw clip sampled through Clip::Sample on a Pose at a time kept here
// in double by the loop modes' definitions (anim/clips/clock.h), and against each
// other: the compressed pose within the builder's tolerance, the clock, the
// clip events and the root motion the same.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include "../samples/mannequin_samples.h"
#include "anim/clips/clip_events.h"
#include "anim/clips/root_motion.h"
#include "anim/compression/playback.h"
#include "anim/offline/clip_error.h"
#include "anim/offline/pose.h"
#include "app/animated_character.h"
#include "tests/support/pose_sampling.h"

namespace {

using Loop = anim::LoopMode;

// The builder's default tolerance (metres at the virtual points), with room
// for float rounding between the keys it measures at.
constexpr float kTolerance = 1.0e-4f * 1.02f;

// Uneven frames, one far longer than the clip (several wraps in one step).
float StepOf(int frame) {
  const float steps[] = {1.0f / 60.0f, 1.0f / 30.0f, 0.013f, 1.0f / 60.0f, 2.5f};
  return steps[frame % 5];
}

// Where a clip of [start, start + duration] is sampled after the clock moved
// to `u` seconds past its start, u kept unwrapped for loop and ping-pong and
// clamped step by step for clamp (ReferenceClock::Step).
struct ReferenceClock {
  double start = 0.0, duration = 0.0;
  Loop mode = Loop::kLoop;
  double u = 0.0;

  void Step(double delta) {
    u += delta;
    if (mode == Loop::kClamp) u = std::clamp(u, 0.0, duration);
  }
  double SampleTime() const {
    if (mode == Loop::kClamp) return start + u;
    const double period = mode == Loop::kLoop ? duration : 2.0 * duration;
    double r = std::fmod(u, period);
    if (r < 0.0) r += period;
    if (mode == Loop::kPingPong && r > duration) r = 2.0 * duration - r;
    return start + r;
  }
};

// The mannequin (model_) from the samples' fixture, shown by two characters.
class CharacterPlayback : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    walk_ = model_.FindClip("Walk");
    ASSERT_GE(walk_, 0);
    raw_.SetCompression(false);
    raw_.SetModel(model_);
    packed_.SetModel(model_);  // compressed: the default
    ASSERT_TRUE(packed_.compression());
  }

  void PlayBoth(int clip, Loop mode, float rate) {
    raw_.Play(clip, mode, rate);
    packed_.Play(clip, mode, rate);
  }

  // The raw clip sampled at `time` through the AoS path, in model space.
  std::vector<glm::mat4> Reference(int clip, double time) const {
    anim::Pose pose = anim::RestPoseOf(model_.skeleton);
    test_support::SampleInto(model_.clips[clip], pose, static_cast<float>(time), Loop::kClamp);
    std::vector<glm::mat4> models(model_.skeleton.JointCount());
    pose.ComputeModelMatrices(models);
    return models;
  }

  // The largest distance of the virtual points (the builder's error metric).
  static float Error(std::span<const glm::mat4> a, std::span<const glm::mat4> b) {
    std::vector<float> per_joint(a.size());
    anim::ModelSpaceError(a, b, anim::kVirtualPointDistance, per_joint);
    return *std::max_element(per_joint.begin(), per_joint.end());
  }

  int walk_ = -1;
  animviewer::AnimatedCharacter raw_, packed_;
};

// Many frames in every mode, forward, backward and fast: both characters
// sample where the reference clock says, the raw one as the reference does,
// the compressed one within the tolerance.
TEST_F(CharacterPlayback, CompressedFollowsTheRawClipInEveryModeAndRate) {
  const anim::Clip& clip = model_.clips[walk_];
  float largest = 0.0f;
  for (Loop mode : {Loop::kLoop, Loop::kClamp, Loop::kPingPong}) {
    for (float rate : {1.0f, -0.7f, 1.6f}) {
      SCOPED_TRACE(std::string(anim::LoopModeName(mode)) + " at rate " + std::to_string(rate));
      PlayBoth(walk_, mode, rate);
      ReferenceClock reference{clip.StartTime(), clip.Duration(), mode};
      for (int frame = 0; frame < 200; ++frame) {
        const float dt = StepOf(frame);
        raw_.Advance(dt);
        packed_.Advance(dt);
        reference.Step(static_cast<double>(dt) * rate);
        const double expected = reference.SampleTime();
        ASSERT_NEAR(raw_.playback().sample_time, expected, 2e-6) << "frame " << frame;
        ASSERT_NEAR(packed_.playback().sample_time, expected, 2e-6) << "frame " << frame;
        EXPECT_NEAR(packed_.playback().time, raw_.playback().time, 2e-6) << "frame " << frame;
        const std::vector<glm::mat4> truth = Reference(walk_, expected);
        EXPECT_LT(Error(truth, raw_.model_matrices()), 1e-5f) << "frame " << frame;
        const float error = Error(truth, packed_.model_matrices());
        EXPECT_LE(error, kTolerance) << "frame " << frame;
        largest = std::max(largest, error);
      }
      EXPECT_EQ(packed_.playback().mode, mode);
      EXPECT_EQ(packed_.playback().rate, rate);
    }
  }
  // The compressed clip really plays: it is not the raw one.
  EXPECT_GT(largest, 0.1f * kTolerance);
}

// Scrubbing: SetTime wraps by the mode and shows that time at once; a mode
// or rate changed while playing keeps the time; both forms agree.
TEST_F(CharacterPlayback, SetTimeModeAndRateActOnTheCompressedClock) {
  const anim::Clip& clip = model_.clips[walk_];
  const float start = clip.StartTime(), d = clip.Duration();
  struct Case {
    Loop mode;
    float set;       // seconds past the start
    double sampled;  // where it is then sampled, past the start
    double time;     // the wrapped time, past the start
  };
  const Case cases[] = {
      {Loop::kLoop, 2.5f * d, 0.5 * d, 0.5 * d},
      {Loop::kLoop, -0.25f * d, 0.75 * d, 0.75 * d},
      {Loop::kPingPong, 1.5f * d, 0.5 * d, 1.5 * d},
      {Loop::kPingPong, 2.25f * d, 0.25 * d, 0.25 * d},
      {Loop::kClamp, 1.5f * d, d, d},
      {Loop::kClamp, -1.0f, 0.0, 0.0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(anim::LoopModeName(c.mode)) + " set to " + std::to_string(c.set));
    PlayBoth(walk_, c.mode, 1.0f);
    raw_.Advance(0.3f);
    packed_.Advance(0.3f);
    for (animviewer::AnimatedCharacter* character : {&raw_, &packed_}) {
      character->SetTime(start + c.set);
      EXPECT_NEAR(character->playback().sample_time, start + c.sampled, 1e-5);
      EXPECT_NEAR(character->playback().time, start + c.time, 1e-5);
      EXPECT_EQ(character->last_step().delta, 0.0);  // a jump covers no events
    }
    EXPECT_LE(Error(Reference(walk_, start + c.sampled), packed_.model_matrices()), kTolerance);
  }

  // On ping-pong's way back, switched to loop: the time wraps into the
  // clip (1.5 d -> 0.5 d); then backward at half speed.
  PlayBoth(walk_, Loop::kPingPong, 1.0f);
  for (animviewer::AnimatedCharacter* character : {&raw_, &packed_}) {
    character->SetTime(start + 1.5f * d);
    character->SetLoopMode(Loop::kLoop);
    character->SetRate(-0.5f);
    character->Advance(0.2f);
    EXPECT_EQ(character->playback().mode, Loop::kLoop);
    EXPECT_NEAR(character->playback().sample_time, start + 0.5 * d - 0.1, 1e-5);
  }
  EXPECT_LE(Error(Reference(walk_, start + 0.5 * d - 0.1), packed_.model_matrices()), kTolerance);
}

// Switching compression while a clip plays carries its time, mode and rate
// over: the pose stays within the tolerance of where it was.
TEST_F(CharacterPlayback, SwitchingCompressionKeepsThePlaceInTheClip) {
  const anim::Clip& clip = model_.clips[walk_];
  packed_.Play(walk_, Loop::kPingPong, -0.8f);
  packed_.SetTime(clip.TimeAtPhase(1.4f));
  const float sampled = packed_.playback().sample_time;
  packed_.SetCompression(false);
  EXPECT_FALSE(packed_.compression());
  EXPECT_EQ(packed_.clip_index(), walk_);
  EXPECT_NEAR(packed_.playback().sample_time, sampled, 1e-6);
  EXPECT_EQ(packed_.playback().mode, Loop::kPingPong);
  EXPECT_EQ(packed_.playback().rate, -0.8f);
  EXPECT_LT(Error(Reference(walk_, sampled), packed_.model_matrices()), 1e-5f);
  packed_.SetCompression(true);
  EXPECT_NEAR(packed_.playback().sample_time, sampled, 1e-6);
  EXPECT_LE(Error(Reference(walk_, sampled), packed_.model_matrices()), kTolerance);
}

// With background compression (the window in real time) a clip starts at
// once, raw, while a worker compresses it, and goes on compressed from the
// same place once it is built: every frame samples where the reference
// clock says, exactly while raw, within the tolerance once compressed.
TEST_F(CharacterPlayback, PlaysRawWhileAWorkerCompressesThenCompressedFromTheSamePlace) {
  animviewer::AnimatedCharacter character;
  character.SetBackgroundCompression(true);
  character.SetModel(model_);
  const anim::Clip& clip = model_.clips[walk_];
  character.Play(walk_, Loop::kPingPong, -0.8f);
  ReferenceClock reference{clip.StartTime(), clip.Duration(), Loop::kPingPong};
  int raw_frames = 0;
  for (int frame = 0; frame < 3000; ++frame) {
    const float dt = 1.0f / 60.0f;
    character.Advance(dt);
    reference.Step(-0.8 * dt);
    ASSERT_NEAR(character.playback().sample_time, reference.SampleTime(), 1e-4) << frame;
    const float error = Error(Reference(walk_, reference.SampleTime()), character.model_matrices());
    if (!character.plays_compressed()) {
      ASSERT_EQ(character.compressing(), walk_);
      ASSERT_LT(error, 1e-5f) << frame;
      ++raw_frames;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    ASSERT_LE(error, kTolerance) << frame;
    EXPECT_EQ(character.compressing(), -1);
    if (frame > raw_frames + 30) break;  // some frames compressed after the switch
  }
  EXPECT_TRUE(character.plays_compressed());
}

// Turning background compression off finishes the build at once, in place;
// a model replaced, or a character dropped, while a clip compresses stops
// the worker (the sanitizer suite checks that nothing leaks or is read after
// it is freed).
TEST_F(CharacterPlayback, BackgroundCompressionStopsCleanly) {
  animviewer::AnimatedCharacter character;
  character.SetBackgroundCompression(true);
  character.SetModel(model_);
  character.Play(walk_, Loop::kLoop, 1.0f);
  character.Advance(0.25f);
  const float sampled = character.playback().sample_time;
  character.SetBackgroundCompression(false);
  EXPECT_TRUE(character.plays_compressed());
  EXPECT_EQ(character.compressing(), -1);
  EXPECT_NEAR(character.playback().sample_time, sampled, 1e-6);
  EXPECT_LE(Error(Reference(walk_, sampled), character.model_matrices()), kTolerance);

  character.SetBackgroundCompression(true);
  const int idle = model_.FindClip("Idle");
  ASSERT_GE(idle, 0);
  character.Play(idle, Loop::kLoop, 1.0f);  // Idle: the slowest to compress
  character.SetModel(model_);               // replaced while it compresses
  EXPECT_EQ(character.compressing(), -1);
  EXPECT_EQ(character.clip_index(), -1);
  character.Play(idle, Loop::kLoop, 1.0f);
  EXPECT_FALSE(character.plays_compressed());
  auto dropped = std::make_unique<animviewer::AnimatedCharacter>();
  dropped->SetBackgroundCompression(true);
  dropped->SetModel(model_);
  dropped->Play(idle, Loop::kLoop, 1.0f);
  dropped.reset();  // destroyed while it compresses
}

// What each frame's step covered fires the clip's events and moves the root
// alike with compression on and off, and as a raw Playback stepped by the
// same frames does (its time before the step and dt * rate, as clip_events.h
// and root_motion.h describe).
TEST_F(CharacterPlayback, EventsAndRootMotionAreTheSameCompressedOrRaw) {
  const anim::Clip& clip = model_.clips[walk_];
  ASSERT_EQ(clip.Events().size(), 2u);  // footsteps at 0 and 0.55 s
  const int hips = model_.skeleton.FindJoint("Hips");
  ASSERT_GE(hips, 0);
  const anim::RootMotion motion = anim::RootMotion::FromClip(model_.skeleton, clip, hips);
  ASSERT_EQ(motion.GetSource(), anim::RootMotion::Source::kSynthesized);

  struct Seen {
    anim::EventKind kind;
    std::string name;
    float time;
    bool operator==(const Seen&) const = default;
  };
  struct Track {
    std::vector<Seen> events;
    glm::vec3 position{0.0f};
    float yaw = 0.0f;
    void Add(const anim::Clip& c, Loop mode, float from, double delta, const anim::RootMotion& m) {
      anim::EventBuffer buffer(64);
      anim::CollectCrossedEvents(c, mode, from, delta, 1.0f, buffer);
      for (const anim::FiredEvent& e : buffer.Events()) {
        events.push_back({e.kind, std::string(e.name), e.time});
      }
      anim::ApplyMotion(m.Delta(from, delta, mode), position, yaw);
    }
  };

  for (Loop mode : {Loop::kLoop, Loop::kClamp, Loop::kPingPong}) {
    for (float rate : {1.0f, -0.7f, 1.6f}) {
      SCOPED_TRACE(std::string(anim::LoopModeName(mode)) + " at rate " + std::to_string(rate));
      PlayBoth(walk_, mode, rate);
      anim::Playback reference;
      reference.Start(&clip, mode, rate);
      Track from_raw, from_packed, from_reference;
      double seconds = 0.0;
      for (int frame = 0; frame < 120; ++frame) {
        const float dt = StepOf(frame);
        seconds += dt;
        raw_.Advance(dt);
        packed_.Advance(dt);
        const float before = reference.time;
        ASSERT_TRUE(reference.Step(dt));
        from_reference.Add(clip, mode, before, static_cast<double>(dt) * rate, motion);
        for (auto [character, track] :
             {std::pair{&raw_, &from_raw}, std::pair{&packed_, &from_packed}}) {
          const anim::ClockStep& step = character->last_step();
          track->Add(clip, mode, static_cast<float>(step.from), step.delta, motion);
        }
      }
      EXPECT_EQ(from_packed.events, from_raw.events);
      EXPECT_EQ(from_packed.events, from_reference.events);
      EXPECT_EQ(from_packed.position, from_reference.position);
      EXPECT_EQ(from_raw.position, from_reference.position);
      EXPECT_EQ(from_packed.yaw, from_reference.yaw);
      if (mode == Loop::kLoop && rate == 1.0f) {
        // Counted by hand: the right footstep at 0.55 + 1.1 k, the left one
        // (at the start) and the wrap at 1.1 k, k >= 1, up to `seconds`.
        const double d = clip.Duration();
        const auto count = [&](const std::string& name) {
          return std::count_if(from_packed.events.begin(), from_packed.events.end(),
                               [&](const Seen& s) { return s.name == name; });
        };
        EXPECT_EQ(count("footstep_right"), static_cast<long>(std::floor((seconds - 0.55) / d)) + 1);
        EXPECT_EQ(count("footstep_left"), static_cast<long>(std::floor(seconds / d)));
        EXPECT_EQ(count(clip.Name()), static_cast<long>(std::floor(seconds / d)));
        // The synthesised motion: straight ahead at the clip's 1.4 m/s.
        EXPECT_NEAR(from_packed.position.z, 1.4 * seconds, 1e-3 * seconds);
        EXPECT_NEAR(from_packed.position.x, 0.0f, 1e-4f);
      }
    }
  }
}

}  // namespace
