#include "anim/control/cross_fade_controller.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "anim/blending/blending.h"

namespace anim {

CrossFadeController::CrossFadeController(const Skeleton& skeleton, int max_targets,
                                         std::span<const float> default_morph_weights)
    : rest_(skeleton.RestPoseWithWeights(default_morph_weights)),
      soa_pose_(rest_),
      shown_(rest_, {.snapshot = true, .velocity = true}),
      switch_target_(rest_),
      switch_target_next_(rest_) {
  targets_.resize(std::max(1, max_targets));
  // A clip has at most one track set per joint, so cursors of this size let
  // Play and FadeTo start any clip of this skeleton without allocating.
  const std::size_t cursor_keys = 3 * static_cast<std::size_t>(skeleton.JointCount());
  current_.cursor.keys.reserve(cursor_keys);
  for (CrossFadeTarget& t : targets_) {
    t.pose = rest_;
    t.playback.cursor.keys.reserve(cursor_keys);
  }
}

void CrossFadeController::SampleInto(Playback& playback, SoaPose& pose, float dt) {
  pose.CopyFrom(rest_);  // same size: copies without allocating
  playback.Advance(dt, pose);
}

void CrossFadeController::Play(const ClipRef& clip, LoopMode mode, float rate) {
  target_count_ = 0;
  current_.Start(clip, mode, rate);
  SampleInto(current_, soa_pose_, 0.0f);
  shown_.Reset(soa_pose_);
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
  t.fade.Start(0.0f, 1.0f, options.duration, options.ease);
  t.mode = options.mode;
  // Only the highest frozen target's snapshot shows (everything below it
  // is hidden), so one snapshot serves the queue.
  if (t.mode == TransitionMode::kFrozen) shown_.Freeze();
  SampleInto(t.playback, t.pose, 0.0f);
  return FadeResult::kQueued;
}

FadeResult CrossFadeController::Inertialize(const ClipRef& clip, float phase,
                                            const FadeOptions& options) {
  // The new clip at its start and one frame step later (its velocity), then
  // back to its start: it becomes the only clip played.
  current_.Start(clip, options.loop, options.rate);
  const float start = clip.TimeAtPhase(phase);
  current_.time = start;
  SampleInto(current_, switch_target_, 0.0f);
  SampleInto(current_, switch_target_next_, shown_.LastStep());
  current_.time = start;
  // The offsets start from the pose on screen, whatever was running (a
  // fade, another inertialization), so nothing pops.
  shown_.StartInertialization(switch_target_, switch_target_next_, options.duration);
  target_count_ = 0;
  return FadeResult::kQueued;
}

bool CrossFadeController::Update(float dt) {
  if (!std::isfinite(dt) || dt < 0.0f) return false;
  if (!current_.Plays()) return true;
  shown_.BeginFrame(dt);
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
    soa_pose_.CopyFrom(shown_.Snapshot());
  } else {
    SampleInto(current_, soa_pose_, dt);
    ++clips_sampled_;
    // The current clip as it shows: with what is left of an inertialized
    // switch's offset (fades started since blend over it).
    shown_.ApplyInertialization(soa_pose_);
  }
  for (int i = first; i < target_count_; ++i) {
    CrossFadeTarget& t = targets_[i];
    SampleInto(t.playback, t.pose, dt);
    ++clips_sampled_;
    t.fade.Advance(dt);
    Blend(soa_pose_, soa_pose_, t.pose, t.Weight());
  }
  PromoteFinishedTargets();
  shown_.Remember(soa_pose_);
  return true;
}

void CrossFadeController::PromoteFinishedTargets() {
  // The highest finished target shows at full weight, which hides the current
  // clip and every target below it: it becomes current, they are dropped.
  int finished = -1;
  for (int i = target_count_ - 1; i >= 0; --i) {
    if (!targets_[i].fade.Running()) {
      finished = i;
      break;
    }
  }
  if (finished < 0) return;
  shown_.StopInertialization();                      // it belonged to the current clip, now hidden
  std::swap(current_, targets_[finished].playback);  // swaps storage, no allocation
  std::rotate(targets_.begin(), targets_.begin() + finished + 1, targets_.begin() + target_count_);
  target_count_ -= finished + 1;
}

}  // namespace anim
