// Batch API for crowds: one call animates a span of characters,
// each playing one clip or a weighted blend of two, through the
// structure-of-arrays path (soa_clip, soa_pose, soa_skeleton), and writes
// each character's skinning palette. The span is split across threads by
// ParallelFor, each thread with its own scratch poses, so a character's own
// memory is its playbacks and its palette. Nothing is allocated per call.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clip.h"
#include "anim/parallel_for.h"
#include "anim/soa_pose.h"
#include "anim/soa_skeleton.h"

namespace anim {

struct CrowdCharacter {
  Playback a;                    // must have a clip
  Playback b;                    // optional: no clip means `a` alone
  float weight = 0.0f;           // of b over a, clamped to [0, 1]
  std::span<glm::mat4> palette;  // caller-owned, JointCount() long
};

class CrowdAnimator {
 public:
  // The skeleton must outlive the animator. threads < 1: one per core.
  // Crowds smaller than min_per_thread characters per thread run on the
  // calling thread alone: waking a worker takes about as long as animating
  // some 30 characters.
  CrowdAnimator(const Skeleton& skeleton, int threads, int min_per_thread = 64);

  int ThreadCount() const { return pool_.ThreadCount(); }
  // Advances every character's playbacks by dt, samples, blends, and writes
  // its palette. Characters with a null clip or a palette of the wrong size
  // are skipped (their palette is left as it was).
  void Update(std::span<CrowdCharacter> characters, float dt);

 private:
  struct Scratch {
    SoaPose a, b, blended;
    std::vector<glm::mat4> model;
    // The clip last sampled into a and b: a different clip may leave other
    // channels unanimated, so the pose is reset to rest only then.
    const Clip* last_a = nullptr;
    const Clip* last_b = nullptr;
  };
  void Animate(CrowdCharacter& c, float dt, Scratch& s) const;

  const Skeleton* skeleton_;
  SoaSkeleton soa_skeleton_;
  ParallelFor pool_;
  int min_per_thread_;
  std::vector<Scratch> scratch_;  // one per thread
};

}  // namespace anim
