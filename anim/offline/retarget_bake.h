// Baking: a source clip retargeted once, offline, into a clip of the target
// skeleton that plays, blends and compresses like any of its own.
//
// The source is sampled at every time one of its tracks has a key (and, for
// CUBICSPLINE tracks, at 60 Hz between them, since the curve bends between
// keys), each pose retargeted by RetargetJob, and the result stored as
// LINEAR keys (STEP when every source track is STEP, so held poses stay
// held): a rotation track for each mapped target joint and each joint the
// IK pass turns, a translation track for each root of the mapping. Events
// are kept; the ground speed (Clip::Speed) is scaled by the map's k, as the
// hips' travel is. Morph-weight tracks belong to the source's meshes and are
// left out.
#pragma once

#include "anim/clips/clip.h"
#include "anim/retarget/retarget_map.h"

namespace anim {

struct RetargetBakeOptions {
  bool pin_feet = false;
  bool pin_hands = false;
};

Clip BakeRetargetedClip(const Clip& source_clip, const RetargetMap& map,
                        const RetargetBakeOptions& options = {});

}  // namespace anim
