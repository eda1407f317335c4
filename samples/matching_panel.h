// The panel of sample 19 below its parameters: what motion matching is
// playing and why. The playing clip and frame; the database's clips on one
// timeline with the playing row marked, as a rewind debugger shows them;
// the last search's cost of the playing row and of the row found, group by
// group; how many searches and switches a second; what the search measured;
// which clips have no mirror image and why; the database's coverage (where
// its rows go in a second, and where the query asked to go); the nearest
// row of every clip, cheapest first.
#pragma once

#include <vector>

#include "anim/matching/motion_matcher.h"
#include "anim/matching/motion_search.h"
#include "samples/matching_coverage.h"
#include "samples/motion_clips.h"

namespace samples {

// Each clip's nearest row to the last search's query
// (anim::NearestRowPerClip): the candidates the search weighed against the
// row it took. Worked out again only after a new search, not every frame.
struct ClipCandidates {
  std::vector<anim::MatchResult> per_clip;
  long long search = -1;  // the matcher's search count they were worked out at
};

void DrawMatchingPanel(const ModelMotion& motion, const anim::MotionDatabase& db,
                       const anim::MotionMatcher& matcher, const MatchingCoverage& coverage,
                       float units_per_metre, float elapsed_seconds, ClipCandidates& candidates);

}  // namespace samples
