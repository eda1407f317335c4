// Crowds for the tests of CrowdAnimator on compressed clips: the test rig's
// clips raw and compressed (one CompressedClipDecodings per clip, as a
// crowd shares them), characters described by a spec (which clip each of
// a, b and the additive layer plays, raw or compressed, in which mode, at
// which rate and time), and a crowd built from specs with its outputs.
#pragma once

#include <array>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/glm.hpp>

#include "anim/blending/additive.h"
#include "anim/compression/playback.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/offline/clip_builder.h"
#include "tests/anim/test_rig.h"

namespace crowd_compressed_test {

// The builder's tolerance for these clips (metres at points 3 cm from each
// joint): coarser than the default so that compressed and raw differ
// measurably on this small rig.
constexpr float kTolerance = 1e-3f;

// Clips by index: 0 swing, 1 fast, 2 slide (translations only), 3 turn (one
// joint's rotation held: every other channel omitted), 4 lean (additive).
constexpr int kClips = 5;
constexpr int kLean = 4;

struct Fixture {
  Fixture() {
    anim::CompressionSettings settings;
    settings.tolerance = kTolerance;
    for (int i = 0; i < kClips; ++i) {
      compressed[i] = anim::BuildCompressedClip(clips[i], skeleton, settings);
      decodings[i] = std::make_unique<anim::CompressedClipDecodings>(compressed[i]);
    }
  }
  Fixture(const Fixture&) = delete;  // the decodings point at its clips
  Fixture& operator=(const Fixture&) = delete;

  anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  std::array<anim::Clip, kClips> clips = {
      anim_test::MakeSwingClip("swing", 1.3f, 60.0f),
      // Less than half a turn from swing at every joint: a blend of the two
      // never comes near opposite rotations, where nlerp's choice of
      // hemisphere (and so the blend) jumps for the smallest difference.
      anim_test::MakeSwingClip("fast", 0.7f, -30.0f),
      anim_test::MakeSlideClip("slide", 1.0f, 0.0f, 2.0f),
      anim_test::MakeHoldRotationClip("turn", 1, anim_test::AxisAngle(50.0f, {0, 0, 1})),
      anim_test::MakeSwingClip("lean", 0.9f, 35.0f)};
  anim::SoaPose lean_base = anim::MakeAdditivePose(skeleton, clips[kLean]);
  std::array<anim::CompressedClip, kClips> compressed;
  std::array<std::unique_ptr<anim::CompressedClipDecodings>, kClips> decodings;
};

// One slot (a, b or the additive layer) of a character.
struct SlotSpec {
  int clip = -1;  // -1: the slot plays nothing
  bool compressed = false;
  anim::LoopMode mode = anim::LoopMode::kLoop;
  float rate = 1.0f;
  float time = 0.0f;  // clip seconds at the start
};

struct CharacterSpec {
  SlotSpec a, b, additive;
  float weight = 0.0f, additive_weight = 1.0f;
  bool palette = true, model = true, local_pose = false;
};

// Characters built from specs, their playbacks (which the characters point
// to) and their outputs.
struct Crowd {
  Crowd(const Fixture& f, const std::vector<CharacterSpec>& specs) {
    const int joints = f.skeleton.JointCount();
    const auto n = specs.size();
    characters.resize(n);
    palettes.assign(n, std::vector<glm::mat4>(joints, glm::mat4(0.0f)));
    models = palettes;
    locals.assign(n, anim::SoaPose(f.skeleton.RestPose()));
    for (std::size_t i = 0; i < n; ++i) {
      const CharacterSpec& spec = specs[i];
      anim::CrowdCharacter& c = characters[i];
      Play(f, spec.a, c.a);
      Play(f, spec.b, c.b);
      Play(f, spec.additive, c.additive);
      c.weight = spec.weight;
      if (spec.additive.clip >= 0) {
        c.additive_reference = &f.lean_base;
        c.additive_weight = spec.additive_weight;
      }
      if (spec.palette) c.palette = palettes[i];
      if (spec.model) c.model = models[i];
      if (spec.local_pose) c.local_pose = &locals[i];
    }
  }
  Crowd(const Crowd&) = delete;  // the characters point into it
  Crowd& operator=(const Crowd&) = delete;

  std::vector<anim::CrowdCharacter> characters;
  // The playbacks the characters point to: never moved once added.
  std::deque<anim::Playback> raw;
  std::deque<anim::Playback> compressed;
  std::vector<std::vector<glm::mat4>> palettes, models;
  std::vector<anim::SoaPose> locals;

 private:
  // Starts the slot's playback, raw or compressed (bound to the clip's
  // shared decodings), unless the spec plays nothing.
  void Play(const Fixture& f, const SlotSpec& spec, anim::Playback*& slot) {
    if (spec.clip < 0) return;
    if (!spec.compressed) {
      anim::Playback& p = raw.emplace_back();
      p.Start(&f.clips[spec.clip], spec.mode, spec.rate);
      p.time = spec.time;
      slot = &p;
      return;
    }
    anim::Playback& p = compressed.emplace_back();
    EXPECT_EQ(p.Start({nullptr, &f.compressed[spec.clip], f.decodings[spec.clip].get()}, spec.mode,
                      spec.rate),
              "");
    p.SetTime(spec.time);
    slot = &p;
  }
};

}  // namespace crowd_compressed_test
