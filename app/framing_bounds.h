// What the camera frames: the rest pose plus the whole motion of the clip
// being shown, so a jump or a clip that walks away stays in the picture.
// Computed from evenly spaced samples of the clip, never from playback
// state, so a headless screenshot depends only on model, clip and time.
#pragma once

#include "model/model.h"
#include "render/skinned_bounds.h"

namespace animviewer {

// Union of the skinned rest pose bounds and the skinned bounds at
// `samples` evenly spaced times over clip `clip_index` (-1: rest pose only).
// `in_place`: each sample shifted back by how far the skeleton's root has
// moved over the ground (x, z) from the rest pose: the character's own
// extent, not its travel.
render::Bounds FramingBounds(const anim::Model& model, int clip_index, int samples = 24,
                             bool in_place = false);

// What a walkthrough sample is framed on: it may play any clip of the model,
// so the union over every clip, in place: the samples carry the character
// by root motion and the camera follows it, so a clip that walks 10 m (a
// motion-matching dance card) must not shrink it to a dot.
render::Bounds FramingBoundsAllClips(const anim::Model& model, int samples = 24);

}  // namespace animviewer
