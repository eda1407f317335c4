#include "app/animated_character.h"

#include <algorithm>
#include <chrono>

#include "anim/skeleton.h"

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

void AnimatedCharacter::AdvanceFixedSteps(double seconds) {
  constexpr double kStep = 1.0 / 60.0;
  // Step ends are computed as i * step (not accumulated) so no rounding
  // drift builds up, and the last one is exactly `seconds`.
  double done = 0.0;
  for (long i = 1; done < seconds; ++i) {
    const double next = std::min(seconds, static_cast<double>(i) * kStep);
    UpdatePose(static_cast<float>(next - done));
    done = next;
  }
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
