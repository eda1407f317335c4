// A crowd of characters for the benchmarks: every character plays the same
// rig's clips, each at its own time (random start offsets from a fixed
// seed), and one Frame() call advances all of them by one step through one
// of the benchmark cases (anim_bench.cpp lists them). Everything is
// allocated by the constructor; Frame() allocates nothing, like the runtime's
// per-frame path it measures.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "anim/cross_fade_controller.h"
#include "anim/parallel_for.h"
#include "anim/soa_pose.h"
#include "anim/soa_skeleton.h"
#include "model/model.h"

namespace anim_bench {

// The work done per character per frame.
enum class Case {
  kSampleLtm,       // (a) sample walk, local to model
  kBlend2Palette,   // (b) sample walk and run, blend 0.3/0.7, local to model, palette
  kBlend2Additive,  // (c) (b) plus an additive lean layer
  kCrossFade2,      // (d) cross-fade with two active targets, local to model, palette
  kCrossFade1,      // (e) cross-fade with one active target (two clips), as (d)
  kInertial,        // (f) an inertialized transition always running (one clip), as (d)
};

// One rig and the clips the cases use, loaded once.
struct Rig {
  anim::Model model;
  const anim::Clip* walk = nullptr;
  const anim::Clip* run = nullptr;
  const anim::Clip* lean = nullptr;  // additive layer
  const anim::Clip* idle = nullptr;  // the third clip of the cross-fade queue
  anim::Pose lean_base;              // lean's reference pose (its first frame)
  anim::SoaPose lean_base_soa;       // the same for the structure-of-arrays path
  anim::SoaSkeleton soa_skeleton;    // the structure-of-arrays path of cases (a) to (c)
};

// Loads `path` and finds the clips by name; on failure returns nullptr and
// sets `error`.
std::unique_ptr<Rig> LoadRig(const std::string& path, const std::string& walk,
                             const std::string& run, const std::string& lean,
                             const std::string& idle, std::string* error);

struct Character {
  anim::Playback walk, run, lean;
  // This character's rows of the crowd's output arrays (Crowd::models_,
  // Crowd::palettes_).
  std::span<glm::mat4> model, palette;
  std::optional<anim::CrossFadeController> fade;
};

// What the cases recompute from scratch every frame: the sampled and
// blended poses and, where a palette is the output, the model-space
// matrices. One per thread, shared by the characters it animates, so a
// character's own memory is its playbacks and its output (model matrices in
// (a), palette in the others).
struct Scratch {
  anim::SoaPose walk, run, lean, blended;
  std::vector<glm::mat4> model;
};

class Crowd {
 public:
  Crowd(const Rig& rig, Case c, int count, unsigned seed = 7);
  // Advances every character by dt through the case's work.
  void Frame(float dt);
  // The same, the characters split across the pool's threads.
  void Frame(float dt, anim::ParallelFor& pool);
  // Keeps the optimiser honest: a value that depends on every palette.
  float Checksum() const;

 private:
  void FrameOne(Character& ch, float dt, Scratch& scratch);
  void RefillFadeQueue(Character& ch);

  const Rig& rig_;
  Case case_;
  std::vector<Character> characters_;
  // Every character's model matrices and palette, one after the other, as
  // a crowd renderer uploads them (render/crowd_renderer) and as
  // CrowdAnimator's callers hold them: one allocation each per crowd, not
  // per character, so the output of a frame is one sequential stream.
  std::vector<glm::mat4> models_, palettes_;
  std::vector<Scratch> scratch_;  // one per thread of the pool (one without)
};

}  // namespace anim_bench
