#include "anim/control/clip_mixer.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/additive.h"
#include "anim/blending/soa_additive.h"
#include "anim/clips/morph_weights.h"

namespace anim {

namespace {

std::vector<ClipRef> RawClips(std::span<const Clip> clips) {
  std::vector<ClipRef> refs;
  refs.reserve(clips.size());
  for (const Clip& clip : clips) refs.emplace_back(&clip);
  return refs;
}

// An action's additive reference: its clip's first frame, from the form it
// plays.
SoaPose ReferencePose(const Skeleton& skeleton, const ClipRef& clip) {
  if (clip.compressed == nullptr) return MakeAdditivePose(skeleton, *clip.clip);
  SoaPose pose = skeleton.RestPose();
  Playback first;
  first.Start(clip, LoopMode::kClamp);
  first.Advance(0.0f, pose);
  return pose;
}

}  // namespace

ClipMixer::ClipMixer(const Skeleton& skeleton, std::span<const Clip> clips,
                     std::span<const float> default_morph_weights)
    : ClipMixer(skeleton, RawClips(clips), default_morph_weights) {}

ClipMixer::ClipMixer(const Skeleton& skeleton, std::span<const ClipRef> clips,
                     std::span<const float> default_morph_weights)
    : rest_(&skeleton.RestPose()),
      pose_(skeleton.RestPose()),
      default_weights_(default_morph_weights.begin(), default_morph_weights.end()),
      morph_weights_(default_weights_) {
  const std::size_t joints = 3 * static_cast<std::size_t>(skeleton.JointCount());
  for (const ClipRef& clip : clips) {
    MixerAction action;
    action.clip = clip;
    action.playback.Start(clip);
    action.playback.cursor.keys.reserve(joints);  // any clip of this skeleton
    actions_.push_back(std::move(action));
    Slot slot{skeleton.RestPose(), ReferencePose(skeleton, clip), default_weights_,
              default_weights_};
    SampleMorphWeights(clip.MorphWeights(), clip.StartTime(), slot.reference_weights);
    slots_.push_back(std::move(slot));
  }
  layers_.reserve(clips.size());
}

void ClipMixer::Play(int i) {
  if (!Valid(i)) return;
  MixerAction& a = actions_[i];
  a.playback.Start(a.clip, a.playback.mode, a.playback.rate);
  a.playing = true;
  a.fade = a.fade_from = a.fade_to = 1.0f;
  a.fade_elapsed = a.fade_duration = 0.0f;
}

void ClipMixer::Stop(int i) {
  if (!Valid(i)) return;
  actions_[i].playing = false;
  actions_[i].fade_elapsed = actions_[i].fade_duration = 0.0f;
}

void ClipMixer::StartFade(int i, float to, float seconds) {
  MixerAction& a = actions_[i];
  a.fade_from = a.fade;
  a.fade_to = to;
  a.fade_elapsed = 0.0f;
  a.fade_duration = std::isfinite(seconds) ? std::max(seconds, 0.0f) : 0.0f;
  if (a.fade_duration == 0.0f) {
    a.fade = to;
    if (to == 0.0f) a.playing = false;
  }
}

void ClipMixer::FadeIn(int i, float seconds) {
  if (!Valid(i)) return;
  MixerAction& a = actions_[i];
  if (!a.playing) {
    Play(i);
    a.fade = 0.0f;
  }
  StartFade(i, 1.0f, seconds);
}

void ClipMixer::FadeOut(int i, float seconds) {
  if (Valid(i) && actions_[i].playing) StartFade(i, 0.0f, seconds);
}

void ClipMixer::CrossFade(int from, int to, float seconds) {
  if (!Valid(from) || !Valid(to) || from == to) return;
  FadeOut(from, seconds);
  Play(to);
  actions_[to].fade = 0.0f;
  StartFade(to, 1.0f, seconds);
}

void ClipMixer::PlayAll() {
  for (int i = 0; i < ActionCount(); ++i) {
    if (!actions_[i].playing) Play(i);
  }
}

void ClipMixer::StopAll() {
  for (int i = 0; i < ActionCount(); ++i) Stop(i);
}

void ClipMixer::SetWeight(int i, float weight) {
  if (Valid(i)) actions_[i].weight = weight > 0.0f ? weight : 0.0f;  // NaN fails the test
}

void ClipMixer::SetRate(int i, float rate) {
  if (Valid(i) && std::isfinite(rate)) actions_[i].playback.rate = rate;
}

void ClipMixer::SetLoopMode(int i, LoopMode mode) {
  if (Valid(i)) actions_[i].playback.mode = mode;
}

void ClipMixer::SetAdditive(int i, bool additive) {
  if (Valid(i)) actions_[i].additive = additive;
}

void ClipMixer::Sample(int i, float dt) {
  MixerAction& a = actions_[i];
  Slot& slot = slots_[i];
  slot.pose.CopyFrom(*rest_);
  a.playback.Advance(dt, slot.pose);
  if (slot.morph_weights.empty()) return;
  std::copy(default_weights_.begin(), default_weights_.end(), slot.morph_weights.begin());
  SampleMorphWeights(a.clip.MorphWeights(), a.playback.SampleTime(), slot.morph_weights);
}

bool ClipMixer::Update(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) return false;
  layers_.clear();  // keeps its capacity
  for (int i = 0; i < ActionCount(); ++i) {
    MixerAction& a = actions_[i];
    if (!a.playing) continue;
    if (a.Fading()) {
      a.fade_elapsed = std::min(a.fade_elapsed + dt, a.fade_duration);
      a.fade = a.fade_from + (a.fade_to - a.fade_from) * (a.fade_elapsed / a.fade_duration);
      if (!a.Fading() && a.fade_to == 0.0f) {
        a.playing = false;
        continue;
      }
    }
    Sample(i, dt);
    if (!a.additive && a.EffectiveWeight() > 0.0f) {
      layers_.push_back({&slots_[i].pose, a.EffectiveWeight(), {}});
    }
  }
  if (layers_.empty()) {
    pose_.CopyFrom(*rest_);
  } else {
    BlendLayers(pose_, layers_, *rest_, 1.0f);
  }
  for (int i = 0; i < ActionCount(); ++i) {
    const MixerAction& a = actions_[i];
    if (a.additive && a.EffectiveWeight() > 0.0f) {
      Add(pose_, pose_, slots_[i].pose, slots_[i].reference, a.EffectiveWeight());
    }
  }
  MixMorphWeights();
  return true;
}

void ClipMixer::MixMorphWeights() {
  float total = 0.0f;
  for (const MixerAction& a : actions_) total += a.additive ? 0.0f : a.EffectiveWeight();
  for (std::size_t k = 0; k < morph_weights_.size(); ++k) {
    float full = 0.0f, added = 0.0f;
    for (int i = 0; i < ActionCount(); ++i) {
      const float w = actions_[i].EffectiveWeight();
      if (w <= 0.0f) continue;
      if (actions_[i].additive) {
        added += w * (slots_[i].morph_weights[k] - slots_[i].reference_weights[k]);
      } else {
        full += w * slots_[i].morph_weights[k];
      }
    }
    const float mixed = total >= 1.0f ? full / total : full + (1.0f - total) * default_weights_[k];
    morph_weights_[k] = mixed + added;
  }
}

}  // namespace anim
