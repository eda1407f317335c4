// The panel of sample 19 below its parameters: what motion matching is
// playing and why. The playing clip and frame; the database's clips on one
// timeline with the playing row marked, as a rewind debugger shows them;
// the last search's cost of the playing row and of the row found, group by
// group; how many searches and switches a second; what the search measured.
#pragma once

#include "anim/matching/motion_matcher.h"
#include "model/model.h"
#include "samples/motion_clips.h"

namespace samples {

void DrawMatchingPanel(const anim::Model& model, const ModelMotion& motion,
                       const anim::MotionDatabase& db, const anim::MotionMatcher& matcher,
                       float elapsed_seconds);

}  // namespace samples
