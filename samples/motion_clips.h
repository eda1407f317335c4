// The motion a model gives motion matching (sample 19, the command line's
// --motion-database and --match, the benchmark): every clip a character
// plays on its own (not additive: FullBodyClips) and that lasts (not a
// pose held for no time, as Mixamo's T-pose clips are), each with its root
// motion from the hips (a treadmill clip moves at its LocomotionSpeed), and
// looping unless its role is one-shot (a jump cannot continue past its end,
// so its last second is never jumped to). Only idle and locomotion clips,
// and takes that travel without looping (motion capture), are jumped to: a
// punch or a dance has feet that stand or step like them, and a character
// asked to stand still would punch; their rows stay in the database,
// playing to their end when reached (a model with none of those has every
// clip jumped to).
//
// Each clip jumped to also gets its mirror image (anim/offline/mirror_clip.h)
// as a clip of its own, where the skeleton has left/right partners: a turn
// to the left gives one to the right, a take that leads with the left foot
// one that leads with the right. Not for a cycle that is its own mirror
// half a cycle on (a symmetric treadmill gait, within 1 cm): its mirror
// holds the same frames again and would only double the search.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "anim/clips/root_motion.h"
#include "anim/offline/motion_database_builder.h"
#include "model/model.h"

namespace samples {

// Rows a second in the databases the project builds (Holden's demo samples
// at 60; 30 halves the rows, and a search every 0.1 s lands within one).
inline constexpr float kMotionFrameRate = 30.0f;

// The weights sample 19 and --drive search with: the trajectory weighs
// more than the pose, as in Holden's demo (1.5 for the facings), and more
// again for the positions: in a database without clips that start or stop,
// standing and walking poses are far apart, and only a trajectory that
// outweighs that gap gets the character going.
inline constexpr anim::FeatureWeights kMatchingWeights{1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 2.0f, 1.5f};

// What goes into the database besides the model's own clips.
struct MotionOptions {
  bool mirrored = true;  // the mirror images of the clips jumped to
  // Clips (by name) whose rows are never jumped to, whatever their role: a
  // take the user does not want picked. They still play where reached.
  std::vector<std::string> excluded;
};

struct ModelMotion {
  std::vector<anim::RootMotion> motions;  // one per entry of `clips`
  std::vector<anim::MotionClip> clips;    // into the model's clips, `mirrored` and `motions`
  std::vector<int> model_clip;       // the model's index of each entry (a mirror's: its source's)
  std::vector<std::string> names;    // each entry's name ("Walk", "Walk (mirrored)")
  std::vector<anim::Clip> mirrored;  // the mirror images the entries point into
  // Why some or all clips have no mirror (no left/right partners; which
  // cycles are their own mirror); empty when every clip jumped to has one.
  std::string mirror_note;
  anim::MotionJoints joints;
  float forward_yaw = 0.0f;  // where the model faces (ForwardYaw, clip_speed.h)
};

// The model's motion, or nothing with the reason (no feet or hips read by
// name, no full-body clip, an excluded name that is no clip) in *error.
std::optional<ModelMotion> MotionOf(const anim::Model& model, std::string* error,
                                    const MotionOptions& options = {});

// MotionOf's clips as a database at kMotionFrameRate.
std::optional<anim::MotionDatabase> BuildModelDatabase(const anim::Model& model,
                                                       const ModelMotion& motion,
                                                       const anim::FeatureWeights& weights,
                                                       std::string* error);

}  // namespace samples
