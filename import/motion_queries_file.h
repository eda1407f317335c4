// The queries file of the command line's --match (docs/motion_matching.md):
//   { "queries": [ [27 numbers], [27 numbers], ... ] }
// each a row in the normalised, weighted space that --motion-database
// writes, so that another implementation of the search can be checked
// against this one row by row.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "anim/matching/motion_features.h"

namespace anim {

using MotionQuery = std::array<float, kFeatureCount>;

// At most this many queries in one file (and 64 MiB of text).
inline constexpr std::size_t kMaxMotionQueries = 1'000'000;

// The queries of `path`; false with "<path>: <problem>" in *error when the
// file is missing, too large, not JSON of that shape, or a query does not
// hold exactly kFeatureCount finite numbers (named by its index).
bool ReadMotionQueries(const std::string& path, std::vector<MotionQuery>* queries,
                       std::string* error);

}  // namespace anim
