// The JSON the motion-matching commands write (docs/motion_matching.md):
// --motion-database OUT.json, the database a model's clips make, and
// --match QUERIES.json OUT.json, the row each query finds.
#pragma once

#include <span>
#include <string>

#include "anim/matching/motion_search.h"
#include "model/model.h"
#include "samples/motion_clips.h"

namespace animviewer {

// "left_foot_position.x" ... "trajectory_facings.z_1.00s": one per feature.
std::string FeatureName(int feature);

// The database: feature names, groups with weights, means, deviations,
// per frame its clip, time and whether it may be jumped to, the normalised
// matrix (one row of kFeatureCount numbers a frame).
std::string MotionDatabaseJson(const anim::Model& model, const samples::ModelMotion& motion,
                               const anim::MotionDatabase& db);

// Per query: the row found, its cost, its clip's name and time (frame -1
// and nulls when no row may be jumped to).
std::string MatchResultsJson(const samples::ModelMotion& motion, const anim::MotionDatabase& db,
                             std::span<const anim::MatchResult> results);

}  // namespace animviewer
