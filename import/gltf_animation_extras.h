// Internal to anim_import: what a glTF animation's "extras" tell about the
// clip, beyond its channels:
//   "speed":  number, the ground speed in m/s of a treadmill locomotion cycle
//             (Clip::SetSpeed; root motion moves the character at it);
//   "events": array of {"time": seconds, "name": text}, the clip's text keys
//             (Clip::SetEvents; e.g. footstep_left at the frame a foot lands);
//   "role":   text, what the clip is for ("additive", "idle", "locomotion",
//             "one-shot" or "full body", model/clip_roles.h): the file's
//             word, taken instead of the guess read from the motion.
// Extras are free-form in glTF, so bad values never fail the import: each
// gives a warning naming the file and the animation, and is left out.
#pragma once

#include <optional>

#include <tiny_gltf.h>

#include "anim/clips/clip.h"
#include "import/gltf_context.h"
#include "model/clip_roles.h"

namespace anim::gltf {

// `role` gets the file's role when it gives a valid one.
void ReadAnimationExtras(Context& ctx, const tinygltf::Animation& animation, int index, Clip& clip,
                         std::optional<ClipRole>* role);

}  // namespace anim::gltf
