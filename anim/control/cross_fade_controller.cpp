#include "anim/control/cross_fade_controller.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "anim/blending/blending.h"
#include "anim/clips/morph_weights.h"

namespace anim {

const char* TransitionModeName(TransitionMode mode) {
  switch (mode) {
    case TransitionMode::kSmooth: return "smooth";
    case TransitionMode::kFrozen: return "frozen";
    case TransitionMode::kInertial: return "inertial";
  }
  return "?";
}

float CrossFadeTarget::Weight() const {
  return ease.Evaluate(duration > 0.0f ? elapsed / duration : 1.0f);
}

CrossFadeController::CrossFadeController(const Skeleton& skeleton, int max_targets,
                                         std::span<const float> default_morph_weights)
    : rest_(skeleton.RestPose()),
      soa_pose_(rest_),
      inertial_(skeleton.JointCount()),
      shown_prev_(rest_),
      switch_target_(rest_),
      switch_target_next_(rest_),
      default_weights_(default_morph_weights.begin(), default_morph_weights.end()),
      morph_weights_(default_weights_),
      inertial_weights_from_(default_weights_) {
  targets_.resize(std::max(1, max_targets));
  // A clip has at most one track set per joint, so cursors of this size let
  // Play and FadeTo start any clip of this skeleton without allocating.
  const std::size_t cursor_keys = 3 * static_cast<std::size_t>(skeleton.JointCount());
  current_.cursor.keys.reserve(cursor_keys);
  for (CrossFadeTarget& t : targets_) {
    t.pose = rest_;
    t.frozen_source = rest_;
    t.morph_weights = default_weights_;
    t.frozen_morph_weights = default_weights_;
    t.playback.cursor.keys.reserve(cursor_keys);
  }
}

void CrossFadeController::SampleInto(Playback& playback, SoaPose& pose, std::span<float> weights,
                                     float dt) {
  pose.CopyFrom(rest_);  // same size: copies without allocating
  playback.Advance(dt, pose);
  if (weights.empty() || playback.clip == nullptr) return;
  // The raw clip's weight tracks, at the time its joints were sampled.
  std::copy(default_weights_.begin(), default_weights_.end(), weights.begin());
  SampleMorphWeights(playback.clip->MorphWeights(), playback.SampleTime(), weights);
}

void CrossFadeController::Play(const ClipRef& clip, LoopMode mode, float rate) {
  target_count_ = 0;
  inertial_.Stop();
  current_.Start(clip, mode, rate);
  inertial_weights_duration_ = 0.0f;
  SampleInto(current_, soa_pose_, morph_weights_, 0.0f);
  shown_prev_.CopyFrom(soa_pose_);
  shown_step_ = 0.0f;
}

FadeResult CrossFadeController::FadeTo(const ClipRef& clip, const FadeOptions& options) {
  if (!clip.Plays() || !std::isfinite(options.duration) || !std::isfinite(options.rate) ||
      !std::isfinite(options.start_phase) || !std::isfinite(options.phase_scale) ||
      !std::isfinite(options.phase_offset)) {
    return FadeResult::kInvalid;
  }
  if (!current_.Plays()) {
    Play(clip, options.loop, options.rate);
    return FadeResult::kPlayed;
  }
  const Playback& top = target_count_ > 0 ? targets_[target_count_ - 1].playback : current_;
  if (top.Source() == clip) return FadeResult::kAlreadyTarget;

  float phase = options.start_phase;
  if (options.match_phase)
    phase = top.NormalizedTime() * options.phase_scale + options.phase_offset;
  phase = WrapPhase(phase);
  // An inertialized switch drops the queue, so a full one does not stop it.
  if (options.mode == TransitionMode::kInertial) return Inertialize(clip, phase, options);
  if (target_count_ == MaxTargets()) return FadeResult::kQueueFull;

  CrossFadeTarget& t = targets_[target_count_++];
  t.playback.Start(clip, options.loop, options.rate);
  t.playback.time = clip.TimeAtPhase(phase);
  t.duration = options.duration;
  t.elapsed = 0.0f;
  t.ease = options.ease;
  t.mode = options.mode;
  if (t.mode == TransitionMode::kFrozen) {
    t.frozen_source.CopyFrom(soa_pose_);
    std::copy(morph_weights_.begin(), morph_weights_.end(), t.frozen_morph_weights.begin());
  }
  SampleInto(t.playback, t.pose, t.morph_weights, 0.0f);
  return FadeResult::kQueued;
}

FadeResult CrossFadeController::Inertialize(const ClipRef& clip, float phase,
                                            const FadeOptions& options) {
  // The new clip at its start and one frame step later (its velocity), then
  // back to its start: it becomes the only clip played.
  current_.Start(clip, options.loop, options.rate);
  const float start = clip.TimeAtPhase(phase);
  current_.time = start;
  SampleInto(current_, switch_target_, {}, 0.0f);
  SampleInto(current_, switch_target_next_, {}, shown_step_);
  current_.time = start;
  // soa_pose_ is what is on screen, whatever was running (a fade, another
  // inertialization): the new offsets start from it, so nothing pops.
  inertial_.Start(soa_pose_, shown_prev_, switch_target_, switch_target_next_, shown_step_,
                  options.duration);
  std::copy(morph_weights_.begin(), morph_weights_.end(), inertial_weights_from_.begin());
  inertial_weights_elapsed_ = 0.0f;
  inertial_weights_duration_ = std::max(options.duration, 0.0f);
  inertial_weights_ease_ = options.ease;
  target_count_ = 0;
  return FadeResult::kQueued;
}

bool CrossFadeController::Update(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) return false;
  if (!current_.Plays()) return true;
  if (dt > 0.0f) {  // a zero step shows the same instant again: keep the older pose
    shown_prev_.CopyFrom(soa_pose_);
    shown_step_ = dt;
  }
  clips_sampled_ = 0;

  // Below the highest frozen target nothing shows and every clock is paused
  // (that is what a frozen transition means), so start the blend chain from its snapshot.
  int first = 0;
  for (int i = target_count_ - 1; i >= 0; --i) {
    if (targets_[i].mode == TransitionMode::kFrozen) {
      first = i;
      break;
    }
  }
  if (target_count_ > 0 && targets_[first].mode == TransitionMode::kFrozen) {
    soa_pose_.CopyFrom(targets_[first].frozen_source);
    std::copy(targets_[first].frozen_morph_weights.begin(),
              targets_[first].frozen_morph_weights.end(), morph_weights_.begin());
  } else {
    SampleInto(current_, soa_pose_, morph_weights_, dt);
    ++clips_sampled_;
    // The current clip as it shows: with what is left of an inertialized
    // switch's offset (fades started since blend over it).
    inertial_.Advance(dt);
    inertial_.Apply(soa_pose_);
    FadeInertialWeights(dt);
  }
  for (int i = first; i < target_count_; ++i) {
    CrossFadeTarget& t = targets_[i];
    SampleInto(t.playback, t.pose, t.morph_weights, dt);
    ++clips_sampled_;
    t.elapsed = std::min(t.elapsed + dt, std::max(t.duration, 0.0f));
    Blend(soa_pose_, soa_pose_, t.pose, t.Weight());
    BlendMorphWeights(morph_weights_, t.morph_weights, t.Weight(), morph_weights_);
  }
  PromoteFinishedTargets();
  return true;
}

void CrossFadeController::FadeInertialWeights(float dt) {
  if (inertial_weights_duration_ <= 0.0f) return;
  inertial_weights_elapsed_ = std::min(inertial_weights_elapsed_ + dt, inertial_weights_duration_);
  const float t =
      inertial_weights_ease_.Evaluate(inertial_weights_elapsed_ / inertial_weights_duration_);
  BlendMorphWeights(inertial_weights_from_, morph_weights_, t, morph_weights_);
  if (inertial_weights_elapsed_ >= inertial_weights_duration_) inertial_weights_duration_ = 0.0f;
}

void CrossFadeController::PromoteFinishedTargets() {
  // The highest finished target shows at full weight, which hides the current
  // clip and every target below it: it becomes current, they are dropped.
  int finished = -1;
  for (int i = target_count_ - 1; i >= 0; --i) {
    if (targets_[i].elapsed >= targets_[i].duration) {
      finished = i;
      break;
    }
  }
  if (finished < 0) return;
  inertial_.Stop();  // it belonged to the current clip, now hidden
  inertial_weights_duration_ = 0.0f;
  std::swap(current_, targets_[finished].playback);  // swaps storage, no allocation
  std::rotate(targets_.begin(), targets_.begin() + finished + 1, targets_.begin() + target_count_);
  target_count_ -= finished + 1;
}

}  // namespace anim
