#include "anim/control/clip_mixer.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/soa_additive.h"

namespace anim {

namespace {

std::vector<ClipRef> RawClips(std::span<const Clip> clips) {
  std::vector<ClipRef> refs;
  refs.reserve(clips.size());
  for (const Clip& clip : clips) refs.emplace_back(&clip);
  return refs;
}

// An action's additive reference: its clip's first frame (morph weights
// included), from the form it plays.
SoaPose ReferencePose(const SoaPose& rest, const ClipRef& clip) {
  SoaPose pose = rest;
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
    : rest_(skeleton.RestPoseWithWeights(default_morph_weights)), pose_(rest_) {
  const std::size_t joints = 3 * static_cast<std::size_t>(skeleton.JointCount());
  for (const ClipRef& clip : clips) {
    MixerAction action;
    action.clip = clip;
    action.playback.Start(clip);
    action.playback.cursor.keys.reserve(joints);  // any clip of this skeleton
    actions_.push_back(std::move(action));
    slots_.push_back(Slot{rest_, ReferencePose(rest_, clip)});
  }
  layers_.reserve(clips.size());
}

void ClipMixer::Play(int i) {
  if (!Valid(i)) return;
  MixerAction& a = actions_[i];
  a.playback.Start(a.clip, a.playback.mode, a.playback.rate);
  a.playing = true;
  a.fade = Fade{};  // factor 1, not fading
}

void ClipMixer::Stop(int i) {
  if (!Valid(i)) return;
  actions_[i].playing = false;
  actions_[i].fade.Set(actions_[i].fade.Value());
}

void ClipMixer::StartFade(int i, float to, float seconds) {
  MixerAction& a = actions_[i];
  a.fade.Start(a.fade.Value(), to, seconds);  // linear, as three.js fades
  if (!a.fade.Running() && to == 0.0f) a.playing = false;
}

void ClipMixer::FadeIn(int i, float seconds) {
  if (!Valid(i)) return;
  MixerAction& a = actions_[i];
  if (!a.playing) {
    Play(i);
    a.fade.Set(0.0f);
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
  actions_[to].fade.Set(0.0f);
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
  SoaPose& pose = slots_[i].pose;
  pose.CopyFrom(rest_);  // the defaults under the clip's weight tracks
  actions_[i].playback.Advance(dt, pose);
}

bool ClipMixer::Update(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) return false;
  layers_.clear();  // keeps its capacity
  for (int i = 0; i < ActionCount(); ++i) {
    MixerAction& a = actions_[i];
    if (!a.playing) continue;
    if (a.Fading()) {
      a.fade.Advance(dt);
      if (!a.Fading() && a.fade.to == 0.0f) {
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
    pose_.CopyFrom(rest_);
  } else {
    BlendLayers(pose_, layers_, rest_, 1.0f);
  }
  for (int i = 0; i < ActionCount(); ++i) {
    const MixerAction& a = actions_[i];
    if (a.additive && a.EffectiveWeight() > 0.0f) {
      Add(pose_, pose_, slots_[i].pose, slots_[i].reference, a.EffectiveWeight());
    }
  }
  return true;
}

}  // namespace anim
