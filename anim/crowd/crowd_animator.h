// Batch API for crowds: one call animates a span of characters through the
// structure-of-arrays path (clips/soa_clip, core/soa_pose, core/local_to_model_jobs) and writes
// each character's skinning palette (or model-space matrices). A character plays one clip, a
// weighted blend of two, a synchronised blend (synced_blend.h), a cross-fade controller's
// transitions (cross_fade_controller.h) or an animation graph (a GraphInstance over a definition
// shared by the crowd, graph/graph_instance.h), optionally with an additive layer on top. The one
// clip, the two blended and the additive layer are each a caller-owned Playback the character
// points to (anim/compression/playback.h), of a raw clip or of a compressed one (the character's
// own context over decodings shared per clip).
//
// The animator owns no threads: Update runs the characters as ranges through
// the caller's parallel-for (parallel_jobs.h), each range on a worker whose
// index picks the animator's per-worker scratch poses (and graph scratch),
// so a character's own memory is its playbacks (or graph instance) and its
// outputs. Nothing is allocated per call.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/control/cross_fade_controller.h"
#include "anim/control/synced_blend.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/parallel_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/graph_instance.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

// One clip slot of a character (a, b or the additive layer): a caller-owned
// Playback (anim/compression/playback.h) of a raw or a compressed clip, or
// none. The character points to its playbacks rather than holding them, so
// it carries only what it plays. The slot plays when it is set and its
// playback has a clip.
inline bool SlotPlays(const Playback* slot) { return slot != nullptr && slot->Plays(); }

struct CrowdCharacter {
  // What the character plays: the first of these that is set.
  // - graph: the instance is updated by dt (its parameters set by the
  //   caller beforehand) and its pose shown; its definition must have been
  //   given to PrepareGraphs. Its root motion goes to `motion` if set.
  GraphInstance* graph = nullptr;
  MotionDelta* motion = nullptr;
  // - fade: the controller is updated by dt and its pose shown.
  CrossFadeController* fade = nullptr;
  // - synced: a synchronised blend (Start()ed by the caller) at `weight`.
  SyncedBlend* synced = nullptr;
  // - a alone, or blended with b at `weight` when b plays. (The playbacks,
  //   like `fade` and `synced`, are the caller's.)
  Playback* a = nullptr;
  Playback* b = nullptr;
  float weight = 0.0f;  // of b over a (or of the synced blend's b), clamped to [0, 1]
  float additive_weight = 1.0f;
  // An additive layer on top (additive.h): none when the slot does not
  // play. additive_reference is its reference pose (MakeAdditivePose as a
  // SoaPose).
  Playback* additive = nullptr;
  const SoaPose* additive_reference = nullptr;
  // Outputs, caller-owned, each empty (not wanted) or JointCount() long.
  std::span<glm::mat4> palette;   // model matrices times inverse binds
  std::span<glm::mat4> model;     // model-space matrices
  SoaPose* local_pose = nullptr;  // optional: a copy of the final local pose
  // Optional: the final pose's morph-target weights (SoaPose::MorphWeights,
  // as many as the skeleton's rest pose carries), for the renderer.
  std::span<float> morph_weights;
};

class CrowdAnimator {
 public:
  // The skeleton must outlive the animator. `workers` is the number of
  // worker indices the caller's parallel-for uses (one scratch each).
  explicit CrowdAnimator(const Skeleton& skeleton, int workers = 1);

  int WorkerCount() const { return static_cast<int>(scratch_.size()); }

  // Sizes every worker's graph scratch for `definition` (allocates: call it
  // once, before the Updates). False, nothing kept, when the definition does
  // not validate or is for a skeleton of another joint count. Graph
  // characters of a definition not prepared are not animated.
  bool PrepareGraphs(const GraphDefinition& definition, std::string* error = nullptr);

  // Advances every character by dt, samples, blends, and writes its outputs,
  // on the calling thread. Returns how many characters were animated; the
  // others are left as they were: nothing to play (no fade, synced blend or
  // clip in `a`), an output or pose of the wrong size, an additive clip
  // without a reference of the skeleton's size, a compressed clip of another
  // joint count or whose context is not bound to it, or a dt or rate that
  // is not finite (a synced blend or controller also refuses a negative dt).
  int Update(std::span<CrowdCharacter> characters, float dt);
  // The same, the characters run as ranges through `parallel_for`. Ranges
  // given a worker index outside [0, WorkerCount()) are not animated.
  int Update(std::span<CrowdCharacter> characters, float dt, ParallelForCallback parallel_for);

 private:
  // Each worker's on cache lines of its own: what one writes every
  // character must not share a line with what another reads.
  struct alignas(64) Scratch {
    SoaPose a, b, blended, additive, layered, synced_a, synced_b;
    std::vector<glm::mat4> model;
    GraphScratch graph;  // temporary poses of the graph characters
    // The clip (a Clip or a CompressedClip) last sampled into a, b and
    // additive: a different clip may leave other channels unanimated, so
    // the pose is reset to rest only then.
    const void* last_a = nullptr;
    const void* last_b = nullptr;
    const void* last_additive = nullptr;
    int animated = 0;  // characters this worker animated in this Update
    // Allocated after the arrays above (members are copied in order), so
    // the next worker's first array does not share a cache line with this
    // worker's last one (malloc aligns to 16 bytes, not to a line).
    std::vector<char> guard = std::vector<char>(128);
  };
  // `next`: the character animated after this one (or nullptr), whose
  // graph state is asked for once this one's local pose is made: asked for
  // before it, the requests waited behind the misses of the previous
  // character's palette writes (bench/README.md).
  bool Animate(CrowdCharacter& c, float dt, Scratch& s, const CrowdCharacter* next) const;
  // The character's local pose before the additive layer, or nullptr.
  const SoaPose* Motion(CrowdCharacter& c, float dt, Scratch& s) const;
  // Advances and samples one slot (a, b or additive) that plays.
  bool Sample(Playback& slot, float dt, const void*& last, SoaPose& pose) const;
  bool OutputsFit(const CrowdCharacter& c) const;
  bool Prepared(const GraphDefinition& definition) const;
  void RunRange(std::span<CrowdCharacter> characters, float dt, int begin, int end, int worker);

  const Skeleton* skeleton_;
  std::vector<Scratch> scratch_;  // one per worker
  std::vector<const GraphDefinition*> prepared_;
};

}  // namespace anim
