// A model with its motion-matching database, loaded as every command-line
// mode loads a model (--animations included): what --motion-database,
// --match and --drive work on.
#pragma once

#include <string>
#include <vector>

#include "anim/matching/motion_matcher.h"
#include "app/command_line.h"
#include "model/model.h"
#include "samples/motion_clips.h"

namespace animviewer {

struct LoadedMotion {
  anim::Model model;
  samples::ModelMotion motion;
  anim::MotionDatabase db;
  std::vector<anim::MatchedClip> matched;  // the database's clips, for a MotionMatcher
};

// The model, its motion and its database (sample 19's weights,
// samples::kMatchingWeights); false with the reason in *error.
bool LoadMotion(const Options& options, LoadedMotion* out, std::string* error);

}  // namespace animviewer
