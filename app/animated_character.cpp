#include "app/animated_character.h"

#include <algorithm>
#include <chrono>

#include "anim/skeleton.h"
#include "app/fixed_steps.h"

namespace animviewer {

void AnimatedCharacter::SetModel(anim::Model model) {
  model_ = std::move(model);
  pose_ = model_.skeleton.RestPose();
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  model_matrices_.assign(joints, glm::mat4(1.0f));
  palette_.assign(joints, glm::mat4(1.0f));
  playback_ = anim::Playback{};
  clip_index_ = -1;
  UpdatePose(0.0f);
}

void AnimatedCharacter::Play(int index, anim::LoopMode mode, float rate) {
  if (index < 0 || index >= static_cast<int>(model_.clips.size())) {
    clip_index_ = -1;
    playback_ = anim::Playback{};
  } else {
    clip_index_ = index;
    playback_.Start(&model_.clips[index], mode, rate);
  }
  UpdatePose(0.0f);
}

void AnimatedCharacter::Advance(float dt) { UpdatePose(dt); }

void AnimatedCharacter::SetTime(float time) {
  playback_.time = time;
  UpdatePose(0.0f);
}

void AnimatedCharacter::ShowPose(const anim::Pose& pose) {
  const auto start = std::chrono::steady_clock::now();
  playback_.clip = nullptr;
  clip_index_ = -1;
  if (pose.JointCount() != pose_.JointCount()) return;  // another model's pose: ignore
  const auto locals = pose.Locals();
  std::copy(locals.begin(), locals.end(), pose_.Locals().begin());
  if (!palette_.empty()) anim::ComputePalette(model_.skeleton, pose_, model_matrices_, palette_);
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
  const auto rest = model_.skeleton.RestPose().Locals();
  std::copy(rest.begin(), rest.end(), pose_.Locals().begin());
  if (playback_.clip != nullptr) playback_.Advance(dt, pose_);
  if (!palette_.empty()) {
    anim::ComputePalette(model_.skeleton, pose_, model_matrices_, palette_);
  }
  last_update_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace animviewer
