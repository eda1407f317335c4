// 16 Morph targets, and the morph weights of 00 Playback and 02 Cross-fade:
// on the mannequin given a face channel and clips whose weight tracks are
// constants (a state at 0.25, another at 0.5, an emote at 1), the weights
// shown are read off by hand at each moment; on the robot of three.js's
// example, one slider per target and the clips offered by role.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/compression/playback.h"
#include "mannequin_samples.h"
#include "samples/clip_roles.h"

namespace {

constexpr float kStep = 1.0f / 60;

// A clip of `seconds` that holds the hips still and weight 0 ("Smile") at `smile`.
anim::Clip FaceClip(const anim::Model& model, const char* name, float seconds, float smile) {
  anim::JointTracks still;
  still.joint = 0;
  const glm::quat q = model.skeleton.RestPose().Local(0).rotation;
  still.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, seconds}, {q, q});
  anim::Clip clip(name, {still});
  anim::MorphWeightTracks tracks;
  tracks.targets.emplace_back(anim::Interpolation::kStep, std::vector<float>{0},
                              std::vector<float>{smile});
  clip.SetMorphWeights({tracks});
  return clip;
}

class MorphTargetsSample : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (HasFatalFailure()) return;
    face_ = model_;
    anim::MorphChannel channel;
    channel.node_name = "Head";
    channel.target_names = {"Smile", "Frown"};
    channel.default_weights = {0.0f, 0.125f};
    face_.morph_channels = {channel};
    // A face drawn with both targets, each moving a vertex: a slider per
    // target (a target that moves nothing would get none).
    anim::MeshPrimitive face;
    face.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    face.morph_channel = 0;
    face.morph_targets = {{{{0, 0.1f, 0}, {0, 0, 0}, {0, 0, 0}}, {}},
                          {{{0, 0, 0}, {0, -0.1f, 0}, {0, 0, 0}}, {}}};
    face_.primitives.push_back(face);
    face_.clips = {FaceClip(face_, "Stand", 2.0f, 0.25f), FaceClip(face_, "Stroll", 2.0f, 0.5f),
                   FaceClip(face_, "Cheer", 1.0f, 1.0f)};
    using R = anim::ClipRole;
    face_.clip_roles.resize(3);
    for (auto [clip, role] : {std::pair{0, R::kIdle}, {1, R::kLocomotion}, {2, R::kOneShot}}) {
      face_.clip_roles[clip].role = face_.clip_roles[clip].guessed = role;
    }
  }
  samples::Sample* Load(const std::string& title, const anim::Model& model) {
    Select(title);  // on the mannequin first: makes sample_
    std::string error;
    EXPECT_TRUE(sample_->Load(model, &error)) << error;
    return sample_;
  }
  void Run(float seconds) {
    for (int i = 0; i < static_cast<int>(seconds / kStep + 0.5f); ++i) sample_->Update(kStep);
  }
  float Smile() const { return sample_->MorphWeights()[0]; }
  float Frown() const { return sample_->MorphWeights()[1]; }

  anim::Model face_;
};

TEST_F(MorphTargetsSample, StatesEmotesAndSlidersDriveTheWeights) {
  Load("16 Morph targets", face_);
  EXPECT_EQ(sample_->Notice(), "");
  ASSERT_EQ(sample_->MorphWeights().size(), 2u);
  // The idle state plays: its smile, the default frown.
  sample_->Update(0.0f);
  EXPECT_FLOAT_EQ(Smile(), 0.25f);
  EXPECT_FLOAT_EQ(Frown(), 0.125f);
  EXPECT_EQ(sample_->Params().Find("state")->choices,
            (std::vector<std::string>{"Stand", "Stroll"}));
  EXPECT_EQ(sample_->Params().Find("emote_clip")->choices, std::vector<std::string>{"Cheer"});

  // The emote fades in over 0.2 s and holds 1 until 0.2 s before its end.
  Set("emote=1");
  Run(0.5f);
  EXPECT_FLOAT_EQ(Smile(), 1.0f);
  // A change of state waits for the emote to end...
  Set("state=Stroll");
  Run(0.2f);
  EXPECT_FLOAT_EQ(Smile(), 1.0f);
  // ...which fades back to the new state from 0.8 s of the emote, so that
  // the fade has ended a few frames after the emote's end (1 s).
  Run(0.35f);
  EXPECT_FLOAT_EQ(Smile(), 0.5f);

  // A slider adds to its target's weight on top of the clip.
  Set("frown=0.5");
  sample_->Update(kStep);
  EXPECT_FLOAT_EQ(Frown(), 0.125f + 0.5f);
  EXPECT_FLOAT_EQ(Smile(), 0.5f);
}

TEST_F(MorphTargetsSample, APlainStateChangeFadesTheWeightsOverHalfASecond) {
  Load("16 Morph targets", face_);
  Set("state_fade=1");
  Set("state=Stroll");
  Run(0.5f);  // smoothstep at half way: one half
  EXPECT_NEAR(Smile(), 0.25f + (0.5f - 0.25f) * 0.5f, 1e-4f);
  Run(0.6f);
  EXPECT_FLOAT_EQ(Smile(), 0.5f);
}

TEST_F(MorphTargetsSample, AnEmoteStillPlaysWhenEveryFadeSlotIsTaken) {
  Load("16 Morph targets", face_);
  Set("state_fade=2");
  for (int i = 0; i < 12; ++i) {  // more state changes than the controller's 8 fades
    Set(i % 2 == 0 ? "state=Stroll" : "state=Stand");
    sample_->Update(kStep);
  }
  Set("emote=1");
  Run(0.5f);  // switched in by inertialization: its weights cross-fade over 0.2 s
  EXPECT_FLOAT_EQ(Smile(), 1.0f);
}

TEST_F(MorphTargetsSample, PlaybackAndCrossFadeShowTheClipsWeights) {
  Load("00 Playback", face_);
  Set("clip=Stroll");
  sample_->Update(kStep);
  EXPECT_FLOAT_EQ(Smile(), 0.5f);
  EXPECT_FLOAT_EQ(Frown(), 0.125f);
  Load("02 Cross-fade", face_);
  Set("auto_fade=false");
  Set("start_clip=Cheer");
  sample_->Update(kStep);
  EXPECT_FLOAT_EQ(Smile(), 1.0f);
}

TEST_F(MorphTargetsSample, WithoutMorphTargetsItSaysSoAndStillFades) {
  Load("16 Morph targets", model_);
  EXPECT_NE(sample_->Notice().find("no morph targets"), std::string::npos) << sample_->Notice();
  EXPECT_TRUE(sample_->MorphWeights().empty());
  Run(0.1f);
  // The mannequin's one-shots (Punch, Jump) are its emotes.
  const auto& emotes = sample_->Params().Find("emote_clip")->choices;
  EXPECT_NE(std::find(emotes.begin(), emotes.end(), "Punch"), emotes.end());
}

TEST_F(MorphTargetsSample, TheRobotGetsASliderPerFaceTarget) {
  const std::string path =
      std::string(ANIM_SOURCE_DIR) + "/tests/assets/robot_expressive/RobotExpressive.glb";
  anim::Model robot;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(path, &robot, &error)) << error;
  Load("16 Morph targets", robot);
  EXPECT_EQ(sample_->Notice(), "");
  for (const char* name : {"angry", "surprised", "sad"}) {
    const samples::Param* p = sample_->Params().Find(name);
    ASSERT_NE(p, nullptr) << name;
    EXPECT_EQ(p->min, 0.0f);
    EXPECT_EQ(p->max, 1.0f);
  }
  const auto& states = sample_->Params().Find("state")->choices;
  for (const char* clip : {"Idle", "Walking", "Running"}) {
    EXPECT_NE(std::find(states.begin(), states.end(), clip), states.end()) << clip;
  }
  const auto& emotes = sample_->Params().Find("emote_clip")->choices;
  for (const char* clip : {"Wave", "Punch", "ThumbsUp"}) {
    EXPECT_NE(std::find(emotes.begin(), emotes.end(), clip), emotes.end()) << clip;
  }
  // Surprised (target 1 of the Head's run) at 0.75 over the clip's own weight.
  const int first = robot.morph_channels[0].first_weight;
  sample_->Update(kStep);
  const float before = sample_->MorphWeights()[first + 1];
  Set("surprised=0.75");
  sample_->Update(0.0f);
  EXPECT_NEAR(sample_->MorphWeights()[first + 1], before + 0.75f, 1e-6f);
}

// A target whose offsets are all zero changes nothing drawn: no slider for
// it; the other keeps its own.
TEST_F(MorphTargetsSample, ATargetThatMovesNoVertexGetsNoSlider) {
  face_.primitives.back().morph_targets[1].positions.assign(3, glm::vec3(0.0f));
  Load("16 Morph targets", face_);
  EXPECT_NE(sample_->Params().Find("smile"), nullptr);
  EXPECT_EQ(sample_->Params().Find("frown"), nullptr);
}

}  // namespace
