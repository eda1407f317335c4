// Clip roles: what a clip is for (a layer to add, an idle, locomotion, a
// one-shot, another full-body loop), read from how it moves, never from its
// name. Characters name clips freely ("Flexing_Arm_Clean" is no lean; a
// robot's Idle moves 6 of 43 joints and is still a whole pose), so samples
// pick clips by these roles, the panel shows each guess with its reason and
// the user can override it.
//
// Offline: sampling a clip allocates; run once per clip when a model loads.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/core/rig_naming.h"
#include "anim/core/skeleton.h"

namespace anim {

struct Model;

enum class ClipRole {
  kFullBody,    // a whole pose that loops but is neither idle nor locomotion (a dance)
  kIdle,        // loops in place, feet still, little motion
  kLocomotion,  // travels, or its feet stride as on a treadmill
  kOneShot,     // does not end where it started (a jump, a punch, a death)
  kAdditive,    // a change to add on another clip (a lean, a look)
};
inline constexpr int kClipRoleCount = 5;

// "full body", "idle", "locomotion", "one-shot", "additive".
const char* RoleName(ClipRole role);
// The role RoleName names; false for any other text.
bool ParseRoleName(std::string_view name, ClipRole* role);

// What a role is read from: the clip sampled at uniform times (30 a second,
// at most 65 frames, both ends included). Lengths are in leg lengths (the
// rest pose's hips-to-foot distance; else the skeleton's rest extent), so
// the thresholds hold in any unit.
struct ClipMotion {
  int joints = 0;
  // Joints that turn over 2 degrees or move over 1% of a leg from the first frame.
  int moved_joints = 0;
  // Every joint that moves reads as spine, chest, neck or head (rig naming).
  bool only_trunk_moves = false;
  // The largest angle, over joints, between the first frame's rotation and the rest pose's.
  float first_frame_from_rest_deg = 0.0f;
  // The largest angle any joint turns away from its first frame.
  float largest_turn_deg = 0.0f;
  // How far the last frame is from wrapping back to the first: per joint,
  // the angle between its last and first frame rotations less its largest
  // frame-to-frame step (files that leave out the frame equal to the first
  // end one step short), the largest over joints.
  float loop_gap_deg = 0.0f;
  // Both upper arms read by rig naming (so that "only the trunk moves" means
  // something on this rig).
  bool arms_read = false;
  // How the clip starts and ends: the faster of its first and last steps
  // over its fastest step (joint turning speed); near 0 for a motion that
  // starts and ends at rest (an emote, a punch), near 1 inside a cycle.
  float boundary_speed_ratio = 0.0f;
  // Hips (or root) ground travel from the first to the last frame.
  float travel = 0.0f;
  // The ground range of each foot relative to the hips, the narrower of the
  // two feet (a stride moves both; 0: the feet are not both read).
  float foot_stride = 0.0f;
  bool feet_read = false;
  // How the feet move against each other along the line they stride on:
  // the correlation of their offsets from the hips, -1 when one is forward
  // as the other is back (a walk), +1 when they move together (a hop), 0
  // when they do not move or are not read.
  float feet_alternation = 0.0f;
};

struct ClipRoleGuess {
  ClipRole role = ClipRole::kFullBody;     // what samples use: the guess, or the user's choice
  ClipRole guessed = ClipRole::kFullBody;  // what the motion says
  // Why `guessed`, in words a user can check against the clip: "only 2
  // spine, neck or head joints move, the hips and limbs still: ...".
  std::string reason;
  // `guessed` is the file's word (extras.role), not read from the motion.
  bool from_file = false;
  ClipMotion motion;

  bool Overridden() const { return role != guessed; }
};

ClipMotion MeasureClipMotion(const Skeleton& skeleton, const RigMap& rig, const Clip& clip);

// The role (role = guessed) with its reason, the first that applies:
//   full body: no joint moves (one pose held, such as a T-pose; or only
//       morph targets animate);
//   additive: only spine, neck and head joints move (a lean, a look: the
//       hips and limbs are left to the clip underneath), on a rig whose
//       arms are read by name. Otherwise a clip is additive only when the
//       file says so (the animation's extras.role) or the user does (the
//       panel, kept in <model>.roles.json): a pose held with raised arms is
//       no evidence, a robot idles in a T-pose;
//   one-shot: does not loop (a gap over 10 degrees: a death, sitting down);
//   locomotion: the feet alternate (correlation -0.3 or less; any feet
//       where none are read) and the clip travels half a leg or more, or
//       both feet stride 0.4 legs and the clip moves through its ends
//       (boundary ratio 0.3 or more);
//   idle: feet still (stride under 0.15 legs), no joint turning 30 degrees;
//   one-shot: starts and ends at rest (boundary speed ratio under 0.3: an
//       emote, a punch that returns to its stance);
//   full body: any other loop (a dance, a hop in place).
ClipRoleGuess GuessClipRole(const Skeleton& skeleton, const RigMap& rig, const Clip& clip);

// Guesses every clip's role into model.clip_roles (done by the importer).
// `file_roles` (per clip, optional) are the roles the file gives (glTF
// animation extras.role): taken as they are, with that reason.
void GuessClipRoles(Model& model, std::span<const std::optional<ClipRole>> file_roles = {});

}  // namespace anim
