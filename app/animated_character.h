// A loaded model plus the state that animates it: the playing clip, the
// local pose, the joints' model-space matrices and the skinning palette.
// All buffers are sized when a model or clip is set; Advance() allocates
// nothing. The viewer window, the headless renderer and the pose dump share it.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/soa_pose.h"
#include "anim/soa_skeleton.h"
#include "model/model.h"

namespace animviewer {

class AnimatedCharacter {
 public:
  // Takes the model; shows its rest pose until a clip is played.
  void SetModel(anim::Model model);
  const anim::Model& model() const { return model_; }

  // Whether clips play in their compressed form (anim/compression/, built
  // at the default tolerance when a clip is first played; on by default) or
  // raw. Set it before Play.
  void SetCompression(bool on) { compression_ = on; }
  bool compression() const { return compression_; }

  // Starts clip `index` at its start time (-1: rest pose, no clip).
  void Play(int index, anim::LoopMode mode, float rate);
  int clip_index() const { return clip_index_; }
  const anim::Clip* clip() const { return playback_.clip; }
  anim::Playback& playback() { return playback_; }
  const anim::Playback& playback() const { return playback_; }

  // Moves playback by dt seconds (times the rate) and updates pose, model
  // matrices and palette.
  void Advance(float dt);
  // Jumps to a playback time (scrubbing) and updates as Advance does.
  void SetTime(float time);

  // Shows a pose computed elsewhere (a walkthrough sample): stops the clip,
  // copies the pose's local transforms and updates matrices and palette.
  void ShowPose(const anim::SoaPose& pose);

  // Simulates `seconds` of playback from the clip's start in steps of 1/60 s,
  // the last one shortened to land exactly: the same frame sequence every run.
  void AdvanceFixedSteps(double seconds);

  // The local pose shown (the runtime's structure-of-arrays pose; the
  // hierarchy is the model's skeleton).
  const anim::SoaPose& pose() const { return pose_; }
  std::span<const glm::mat4> model_matrices() const { return model_matrices_; }
  std::span<const glm::mat4> palette() const { return palette_; }
  // Seconds spent in the last sample + palette update (for the UI).
  double last_update_seconds() const { return last_update_seconds_; }

 private:
  void UpdatePose(float dt);

  anim::Model model_;
  anim::SoaSkeleton soa_skeleton_;  // the model's skeleton for the SoaPose kernels
  anim::SoaPose pose_;
  bool compression_ = true;
  std::vector<anim::CompressedClip> compressed_;  // per clip, built on first play
  std::vector<bool> compressed_built_;
  anim::CompressedClipContext compressed_context_;

  anim::Playback playback_;
  int clip_index_ = -1;
  std::vector<glm::mat4> model_matrices_;
  std::vector<glm::mat4> palette_;
  double last_update_seconds_ = 0.0;
};

}  // namespace animviewer
