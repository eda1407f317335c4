#include "app/animated_character.h"

#include <algorithm>
#include <chrono>

#include "anim/compression/clip_builder.h"
#include "anim/skeleton.h"
#include "app/fixed_steps.h"

namespace animviewer {

void AnimatedCharacter::SetModel(anim::Model model) {
  model_ = std::move(model);
  soa_skeleton_ = anim::SoaSkeleton(model_.skeleton);
  pose_.CopyFrom(soa_skeleton_.RestPose());
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  model_matrices_.assign(joints, glm::mat4(1.0f));
  palette_.assign(joints, glm::mat4(1.0f));
  playback_ = anim::Playback{};
  clip_index_ = -1;
  compressed_.assign(model_.clips.size(), anim::CompressedClip());
  compressed_built_.assign(model_.clips.size(), false);
  compressed_context_ = anim::CompressedClipContext();
  UpdatePose(0.0f);
}

void AnimatedCharacter::Play(int index, anim::LoopMode mode, float rate) {
  if (index < 0 || index >= static_cast<int>(model_.clips.size())) {
    clip_index_ = -1;
    playback_ = anim::Playback{};
  } else {
    clip_index_ = index;
    playback_.Start(&model_.clips[index], mode, rate);
    if (compression_ && !compressed_built_[index]) {
      compressed_[index] = anim::BuildCompressedClip(model_.clips[index], model_.skeleton);
      compressed_built_[index] = true;
    }
    if (compression_) compressed_context_.Bind(compressed_[index]);
  }
  UpdatePose(0.0f);
}

void AnimatedCharacter::Advance(float dt) { UpdatePose(dt); }

void AnimatedCharacter::SetTime(float time) {
  playback_.time = time;
  UpdatePose(0.0f);
}

void AnimatedCharacter::ShowPose(const anim::SoaPose& pose) {
  const auto start = std::chrono::steady_clock::now();
  playback_.clip = nullptr;
  clip_index_ = -1;
  if (pose.JointCount() != pose_.JointCount()) return;  // another model's pose: ignore
  pose_.CopyFrom(pose);
  if (!palette_.empty()) anim::ComputePalette(soa_skeleton_, pose_, model_matrices_, palette_);
  last_update_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void AnimatedCharacter::AdvanceFixedSteps(double seconds) {
  ForEachFixedStep(seconds, [this](float dt) { UpdatePose(dt); });
}

void AnimatedCharacter::UpdatePose(float dt) {
  const auto start = std::chrono::steady_clock::now();
  // Clips only write the channels they animate: start every frame from the
  // rest pose so joints a clip does not drive show their rest transform
  // (and nothing of a previously played clip lingers).
  pose_.CopyFrom(soa_skeleton_.RestPose());
  if (playback_.clip != nullptr) {
    if (compression_ && clip_index_ >= 0) {
      // The clock alone, then the compressed clip sampled once at its time.
      playback_.Step(dt);
      anim::SampleCompressedClip(compressed_[clip_index_],
                                 playback_.clip->SampleTime(playback_.time, playback_.mode),
                                 compressed_context_, pose_);
    } else {
      playback_.Advance(dt, pose_);  // the clock and the raw clip in one call
    }
  }
  if (!palette_.empty()) {
    anim::ComputePalette(soa_skeleton_, pose_, model_matrices_, palette_);
  }
  last_update_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace animviewer
