#include "app/animated_character.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "anim/core/skeleton.h"
#include "anim/offline/clip_builder.h"
#include "app/activity.h"
#include "app/fixed_steps.h"
#include "app/model_loading.h"
#include "model/morph_reach.h"

namespace animviewer {

void AnimatedCharacter::SetModel(anim::Model model) {
  builder_.Stop();  // it builds a copy of one of the old model's clips
  compressing_ = -1;
  model_ = std::move(model);
  pose_.CopyFrom(model_.skeleton.RestPose());
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  model_matrices_.assign(joints, glm::mat4(1.0f));
  palette_.assign(joints, glm::mat4(1.0f));
  default_morph_weights_ = model_.DefaultMorphWeights();
  morph_weights_ = default_morph_weights_;
  morph_offsets_.assign(morph_weights_.size(), 0.0f);
  morph_changes_ = anim::MorphTargetsThatChangeSomething(model_);
  morph_notes_ = anim::MorphChannelNotes(model_, morph_changes_);
  playback_ = anim::Playback{};
  clip_index_ = -1;
  compressed_.assign(model_.clips.size(), anim::CompressedClip());
  failures_.assign(model_.clips.size(), std::string());
  compressed_built_.assign(model_.clips.size(), false);
  UpdatePose(0.0f);
}

void AnimatedCharacter::SetClipRole(int clip, anim::ClipRole role) {
  if (clip < 0 || clip >= static_cast<int>(model_.clip_roles.size())) return;
  model_.clip_roles[clip].role = role;
}

void AnimatedCharacter::SetCompression(bool on) {
  if (on == compression_) return;
  if (clip_index_ < 0) {
    compression_ = on;
    return;
  }
  const PlaybackState was = playback();
  compression_ = on;
  Play(clip_index_, was.mode, was.rate);
  SetTime(was.time);
}

void AnimatedCharacter::SetBackgroundCompression(bool on) {
  background_ = on;
  if (on || compressing_ < 0) return;
  const int index = compressing_;
  builder_.Stop();
  compressing_ = -1;
  if (index != clip_index_) return;  // built when next played
  const PlaybackState was = playback();
  Play(index, was.mode, was.rate);
  SetTime(was.time);
}

void AnimatedCharacter::Play(int index, anim::LoopMode mode, float rate) {
  playback_.Start({});
  raw_only_ = false;
  clip_index_ = index >= 0 && index < static_cast<int>(model_.clips.size()) ? index : -1;
  if (compression_ && clip_index_ >= 0 && !compressed_built_[index]) {
    if (!CompressionRefusal(model_, model_.clips[index], load_memory_limit_).empty() ||
        !failures_[index].empty()) {
      raw_only_ = true;  // too large to compress (LoadModelFile warned), or it failed
    } else {
      Compress(index);
    }
  }
  playback_.Start(Source(), mode, rate);
  UpdatePose(0.0f);
}

void AnimatedCharacter::Compress(int index) {
  if (!background_) {
    const Activity activity("compressing clip \"" + model_.clips[index].Name() + "\" of " +
                            model_.source_path);
    compressed_[index] = anim::BuildCompressedClip(model_.clips[index], model_.skeleton,
                                                   ViewerCompressionSettings());
    compressed_built_[index] = true;
    return;
  }
  if (compressing_ == index) return;
  // The worker owns copies: a build being cancelled may outlive this model.
  compressing_ = index;
  builder_.Start([clip = model_.clips[index],
                  skeleton = model_.skeleton](const std::function<bool()>& cancelled) {
    anim::CompressionSettings settings = BackgroundCompressionSettings();
    settings.cancelled = cancelled;
    return anim::BuildCompressedClip(clip, skeleton, settings);
  });
}

void AnimatedCharacter::TakeBackgroundBuild() {
  std::optional<anim::CompressedClip> built = builder_.Take();
  if (!built && builder_.LastFailure().empty()) return;  // still building
  const int index = compressing_;
  compressing_ = -1;
  if (!built) {  // it threw: the raw clip plays on
    failures_[index] = builder_.LastFailure();
    return;
  }
  const bool switching = index == clip_index_ && compression_ && !raw_only_;
  const PlaybackState was = playback();  // the raw clip's, read before it is built
  compressed_[index] = std::move(*built);
  compressed_built_[index] = true;
  if (!switching) return;
  playback_.Start(Source(), was.mode, was.rate);
  playback_.SetTime(was.time);
}

const anim::Clip* AnimatedCharacter::clip() const {
  return clip_index_ >= 0 ? &model_.clips[clip_index_] : nullptr;
}

anim::ClipRef AnimatedCharacter::Source() const {
  if (clip_index_ < 0) return {};
  return {&model_.clips[clip_index_], PlaysCompressed() ? &compressed_[clip_index_] : nullptr};
}

AnimatedCharacter::PlaybackState AnimatedCharacter::playback() const {
  // Sampled where the playing form is (Playback::SampleTime).
  const anim::Playback& p = playback_;
  return {p.time, p.SampleTime(), p.mode, p.rate};
}

void AnimatedCharacter::SetRate(float rate) { playback_.rate = rate; }

void AnimatedCharacter::SetLoopMode(anim::LoopMode mode) { playback_.SetMode(mode); }

void AnimatedCharacter::Advance(float dt) { UpdatePose(dt); }

void AnimatedCharacter::SetTime(float time) {
  playback_.SetTime(time);
  UpdatePose(0.0f);
}

void AnimatedCharacter::ShowPose(const anim::SoaPose& pose, std::span<const float> morph_weights) {
  playback_.clip = nullptr;
  playback_.compressed = nullptr;
  clip_index_ = -1;
  last_step_ = anim::ClockStep{};
  if (pose.JointCount() != pose_.JointCount()) return;  // another model's pose: ignore
  pose_.CopyFrom(pose);
  const bool own = morph_weights.size() == morph_weights_.size();
  const std::span<const float> weights = own ? morph_weights : default_morph_weights_;
  // The sample's weights as they are: the panel's offsets belong to clip
  // playback (their panel is hidden while a sample runs), so one set of
  // weights shows, the one the sample's own panel reads.
  std::copy(weights.begin(), weights.end(), morph_weights_.begin());
  if (!palette_.empty()) anim::ComputePalette(model_.skeleton, pose_, model_matrices_, palette_);
}

void AnimatedCharacter::SetMorphOffset(int weight, float offset) {
  if (weight < 0 || weight >= static_cast<int>(morph_offsets_.size())) return;
  morph_weights_[weight] += offset - morph_offsets_[weight];
  morph_offsets_[weight] = offset;
}

void AnimatedCharacter::AddMorphOffsets() {
  for (std::size_t i = 0; i < morph_weights_.size(); ++i) morph_weights_[i] += morph_offsets_[i];
}

void AnimatedCharacter::AdvanceFixedSteps(double seconds) {
  ForEachFixedStep(seconds, [this](float dt) { UpdatePose(dt); });
}

void AnimatedCharacter::UpdatePose(float dt) {
  if (compressing_ >= 0) TakeBackgroundBuild();
  // Clips only write the channels they animate: start every frame from the
  // rest pose so joints a clip does not drive show their rest transform
  // (and nothing of a previously played clip lingers).
  pose_.CopyFrom(model_.skeleton.RestPose());
  last_step_ = anim::ClockStep{};
  last_step_.from = last_step_.to = playback().time;
  if (playback_.Plays()) playback_.Advance(dt, pose_, &last_step_);
  if (!palette_.empty()) {
    anim::ComputePalette(model_.skeleton, pose_, model_matrices_, palette_);
  }
  // Weights follow the raw clip, also when its joints play compressed (the
  // compressed form holds joints only), at the time its joints were sampled.
  std::copy(default_morph_weights_.begin(), default_morph_weights_.end(), morph_weights_.begin());
  if (const anim::Clip* playing = clip()) {
    anim::SampleMorphWeights(playing->MorphWeights(), playback().sample_time, morph_weights_);
  }
  AddMorphOffsets();
}

}  // namespace animviewer
