// A clip's mirror image, baked offline into a clip of the same skeleton:
// the walk that leads with the left foot becomes one that leads with the
// right, a turn to the left a turn to the right. Motion matching adds these
// to its database (the mirrored rows double what a search can choose from,
// and give each turn its other side) and plays them like any clip, root
// motion included, since the hips' travel is mirrored too.
//
// The source is sampled at its key times (clip_sample_times.h), each pose
// mirrored by MirrorPose (anim/blending/mirror.h, bind corrections
// included), and stored as LINEAR keys (STEP when every source track is
// STEP). A joint gets a channel where it or its partner has one in the
// source: a mirrored joint takes its partner's motion. Events (times and
// names unchanged), the ground speed and the timeline are kept; the name
// gains " (mirrored)". Offline: allocates.
#pragma once

#include <optional>
#include <string>

#include "anim/blending/mirror.h"
#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"

namespace anim {

// The mirrored clip, or nothing with the reason in *error: a map built for
// another skeleton (its joint count differs), or a track of the clip on a
// joint outside the skeleton.
std::optional<Clip> MakeMirroredClip(const Skeleton& skeleton, const MirrorMap& map,
                                     const Clip& source, std::string* error);

// How far a cycle is from its own mirror image half a cycle on: the largest
// distance (model units) between a joint's model-space position at a phase
// and the same joint's in the mirrored pose half a cycle later, over
// `phases` phases. A symmetric gait (a treadmill walk whose second step is
// the first's mirror image) measures near 0: its mirror adds no motion, only
// the same frames again. The map must be built for the skeleton.
float DistanceToOwnMirrorHalfACycleOn(const Skeleton& skeleton, const MirrorMap& map,
                                      const Clip& clip, int phases = 12);

}  // namespace anim
