// A loaded model plus the state that animates it: the playing clip, the
// local pose, the joints' model-space matrices and the skinning palette.
// All buffers are sized when a model or clip is set; Advance() allocates
// nothing. The viewer window, the headless renderer and the pose dump share it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "anim/clips/clock.h"
#include "anim/compression/playback.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"
#include "import/gltf_importer.h"
#include "model/model.h"
#include "samples/background_build.h"

namespace animviewer {

class AnimatedCharacter {
 public:
  // Takes the model; shows its rest pose until a clip is played.
  void SetModel(anim::Model model);
  const anim::Model& model() const { return model_; }
  // The user's choice of a clip's role (the panel), over the importer's
  // guess; samples read it when next activated. Ignored for a bad index.
  void SetClipRole(int clip, anim::ClipRole role);

  // Whether clips play in their compressed form (anim/compression/, built
  // at the default tolerance when a clip is first played; on by default) or
  // raw, both through the one anim::Playback. Switching
  // while a clip plays carries its time, mode and rate over to the other
  // form.
  void SetCompression(bool on);
  bool compression() const { return compression_; }
  // The load memory limit (--max-load-memory, bytes): a clip whose
  // compression would need more plays raw (CompressionRefusal). Set before
  // Play; the importer's default until then.
  void SetLoadMemoryLimit(std::size_t bytes) { load_memory_limit_ = bytes; }
  // In the window, playing in real time: a clip not yet compressed starts
  // at once, raw, while a worker thread compresses it; the next Advance
  // after the build is done plays on compressed from the same time (the
  // poses differ by the tolerance, 0.1 mm: no visible jump). Off (headless,
  // fixed steps, tests): Play compresses first, so every frame is
  // reproducible. Turning it off finishes a build in progress at once.
  void SetBackgroundCompression(bool on);
  // The clip a worker is compressing, or -1.
  int compressing() const { return compressing_; }
  // Why clip `index`'s compression failed ("" when it did not): the clip
  // then plays raw, and is not compressed again for this model.
  const std::string& compression_failure(int index) const { return failures_[index]; }
  // Whether the playing clip plays in its compressed form now.
  bool plays_compressed() const { return PlaysCompressed(); }

  // Starts clip `index` at its start time (-1: rest pose, no clip).
  void Play(int index, anim::LoopMode mode, float rate);
  int clip_index() const { return clip_index_; }
  // The playing clip, raw also when it plays compressed (its name, events
  // and root motion are the raw clip's); nullptr without one.
  const anim::Clip* clip() const;
  // Where the playing clip is, read from whichever form plays it.
  struct PlaybackState {
    float time = 0.0f;         // wrapped by the mode (ping-pong's way back lies past the end)
    float sample_time = 0.0f;  // where the pose was sampled: in [start, end]
    anim::LoopMode mode = anim::LoopMode::kLoop;
    float rate = 1.0f;
  };
  PlaybackState playback() const;
  // Change the playing clip's rate (negative plays backward) or loop mode
  // (keeping its time, wrapped by the new mode).
  void SetRate(float rate);
  void SetLoopMode(anim::LoopMode mode);
  // What the clock covered in the last Advance or SetTime (delta 0 for
  // SetTime): the interval clip events and root motion of clip() are taken
  // over (anim/clips/clip_events.h, anim/clips/root_motion.h with from_time = from,
  // delta = delta), the same whether the clip plays compressed or raw.
  const anim::ClockStep& last_step() const { return last_step_; }

  // Moves playback by dt seconds (times the rate) and updates pose, model
  // matrices and palette.
  void Advance(float dt);
  // Jumps to a playback time (scrubbing) and updates as Advance does.
  void SetTime(float time);

  // Shows a pose computed elsewhere (a walkthrough sample): stops the clip,
  // copies the pose's local transforms and updates matrices and palette.
  // `morph_weights` (the sample's, as many as the model has) replace the
  // defaults; any other size keeps them. The panel's offsets do not apply
  // (a running sample hides their panel and shows its own weights).
  void ShowPose(const anim::SoaPose& pose, std::span<const float> morph_weights = {});

  // Simulates `seconds` of playback from the clip's start in steps of 1/60 s,
  // the last one shortened to land exactly: the same frame sequence every run.
  void AdvanceFixedSteps(double seconds);

  // The local pose shown (the runtime's structure-of-arrays pose; the
  // hierarchy is the model's skeleton).
  const anim::SoaPose& pose() const { return pose_; }
  std::span<const glm::mat4> model_matrices() const { return model_matrices_; }
  std::span<const glm::mat4> palette() const { return palette_; }
  // The morph-target weights shown (Model::morph_channels says whose they
  // are): the defaults, with the playing clip's weight tracks sampled at the
  // same time as its joints. A pose shown from elsewhere (ShowPose) comes
  // with its own weights, or keeps the defaults.
  std::span<const float> morph_weights() const { return morph_weights_; }
  // What the panel's sliders add on top (0 each by default, reset with the
  // model): weight i shows the clip's (or default) weight plus offset i,
  // during clip playback only. The change shows at once, also while paused.
  void SetMorphOffset(int weight, float offset);
  std::span<const float> morph_offsets() const { return morph_offsets_; }
  // Per weight: whether its morph target changes anything drawn
  // (model/morph_reach.h), worked out once per model.
  const std::vector<bool>& morph_targets_that_change() const { return morph_changes_; }
  // Per morph channel: why none of its sliders changes anything, or ""
  // (model/morph_reach.h), worked out with them.
  const std::vector<std::string>& morph_channel_notes() const { return morph_notes_; }

 private:
  void UpdatePose(float dt);
  void AddMorphOffsets();
  bool PlaysCompressed() const {
    return compression_ && clip_index_ >= 0 && !raw_only_ && compressed_built_[clip_index_];
  }
  // What playback_ plays for clip_index_: the raw clip, with its compressed
  // form when PlaysCompressed ({} without a clip).
  anim::ClipRef Source() const;
  // Builds clip `index` compressed, on the worker or at once (background_).
  void Compress(int index);
  // A finished background build into its place; the playing clip, if it is
  // that one, goes on compressed from where it was.
  void TakeBackgroundBuild();

  anim::Model model_;
  anim::SoaPose pose_;
  bool compression_ = true;
  std::size_t load_memory_limit_ = anim::kDefaultMaxLoadBytes;
  // The playing clip is too large to compress (CompressionRefusal), or its
  // build failed.
  bool raw_only_ = false;
  std::vector<anim::CompressedClip> compressed_;  // per clip, built on first play
  std::vector<bool> compressed_built_;
  std::vector<std::string> failures_;  // per clip, why its build failed ("": it did not)
  bool background_ = false;
  int compressing_ = -1;  // the clip the worker builds
  samples::BackgroundBuild<anim::CompressedClip> builder_;

  // Plays the clip, in its compressed form when PlaysCompressed.
  anim::Playback playback_;
  anim::ClockStep last_step_;
  int clip_index_ = -1;
  std::vector<glm::mat4> model_matrices_;
  std::vector<glm::mat4> palette_;
  std::vector<float> default_morph_weights_;
  std::vector<float> morph_weights_;
  std::vector<float> morph_offsets_;
  std::vector<bool> morph_changes_;
  std::vector<std::string> morph_notes_;
};

}  // namespace animviewer
