// A crowd of characters for the benchmarks: every character plays the same
// rig's clips, each at its own time (random start offsets from a fixed
// seed), and one Frame() call advances all of them by one step through one
// of the benchmark cases (anim_bench.cpp lists them). Everything is
// allocated by the constructor; Frame() allocates nothing, like the runtime's
// per-frame path it measures.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "anim/compression/playback.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/core/parallel_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/crowd/crowd_animator.h"
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
  anim::SoaPose lean_base_soa;       // lean's reference pose (its first frame)
};

// Where a rig comes from: its file and the names of the clips in the
// roles of the cases: a walk, a run, an additive lean and an idle.
struct RigSource {
  std::string name;  // the first part of the benchmark names: woman, mannequin, user
  std::string path;
  std::string walk, run, lean, idle;
  std::string error;  // set when the source itself is wrong (user rig settings)
};

// Loads the source's file and finds the clips by name; on failure returns
// nullptr and sets `error` (naming the file and the missing clip).
std::unique_ptr<Rig> LoadRig(const RigSource& source, std::string* error);

// The rig's walk and run compressed (anim/compression/), for a crowd that
// plays them in place of the raw ones in cases (a) and (b): each
// character's own contexts, bound to these decodings when given (one per
// clip, shared by the crowd) or keeping their own.
struct CompressedClips {
  const anim::CompressedClip* walk = nullptr;
  const anim::CompressedClip* run = nullptr;
  const anim::CompressedClipDecodings* walk_decodings = nullptr;
  const anim::CompressedClipDecodings* run_decodings = nullptr;
};

// N characters driven by anim::CrowdAnimator, the runtime's one crowd loop,
// each character's playbacks (or cross-fade controller) its own and its
// output a row of one array per crowd.
class Crowd {
 public:
  Crowd(const Crowd&) = delete;  // its characters point into its own arrays
  Crowd& operator=(const Crowd&) = delete;
  // `workers`: the worker indices the parallel Frame's callback uses.
  Crowd(const Rig& rig, Case c, int count, int workers = 1, unsigned seed = 7);
  // The same crowd with `compressed`'s clips in a and b (compressed Playbacks,
  // the same start times) instead of the raw ones; the other slots and
  // cases are unchanged.
  Crowd(const Rig& rig, Case c, int count, const CompressedClips& compressed);
  // Advances every character by dt through the case's work.
  void Frame(float dt);
  // The same, the characters split by the caller's parallel-for.
  void Frame(float dt, anim::ParallelForCallback parallel_for);
  // Keeps the optimiser honest: a value that depends on every output.
  float Checksum() const;
  // The memory one character's context keeps for the walk (0 on raw clips).
  std::size_t CompressedContextBytes() const;

 private:
  // What a game's logic would do before animating: in (d) to (f), queue the
  // next fade (or inertialized transition) when one ends.
  void RefillFadeQueues();
  void RefillFadeQueue(anim::CrossFadeController& cf) const;

  const Rig& rig_;
  Case case_;
  std::vector<anim::CrowdCharacter> characters_;
  std::vector<anim::CrossFadeController> fades_;  // (d) to (f): one per character
  // Per character the raw playbacks its case plays, side by side (the
  // characters point into it).
  std::vector<anim::Playback> playbacks_;
  // Compressed crowds: per character its walk's and run's playbacks, side
  // by side (the characters point into it).
  std::vector<anim::Playback> compressed_;
  // Every character's model matrices ((a)) or palette (the others), one
  // after the other, as a crowd renderer uploads them (render/crowd_renderer):
  // one allocation per crowd, not per character, so the output of a frame
  // is one sequential stream.
  std::vector<glm::mat4> outputs_;
  anim::CrowdAnimator animator_;
};

}  // namespace anim_bench
