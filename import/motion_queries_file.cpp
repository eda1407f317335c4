#include "import/motion_queries_file.h"

#include <cmath>

#include "import/json_side_file.h"

namespace anim {
namespace {

constexpr std::uintmax_t kMaxQueriesBytes = 64u << 20;
// An object holding an array of arrays; deeper text is refused before
// nlohmann's parser, which recurses once per level, sees it.
constexpr int kMaxQueriesDepth = 3;

// One query from its JSON; empty, or what is wrong with it.
std::string ReadQuery(const nlohmann::json& row, MotionQuery* query) {
  if (!row.is_array() || row.size() != kFeatureCount)
    return "is not an array of " + std::to_string(kFeatureCount) + " numbers" +
           (row.is_array() ? " (it has " + std::to_string(row.size()) + ")" : "");
  for (int f = 0; f < kFeatureCount; ++f) {
    const nlohmann::json& v = row[static_cast<std::size_t>(f)];
    if (!v.is_number() || !std::isfinite(v.get<double>()) || std::abs(v.get<double>()) > 3e38)
      return "feature " + std::to_string(f) + " is not a finite number";
    (*query)[f] = v.get<float>();
  }
  return {};
}

}  // namespace

bool ReadMotionQueries(const std::string& path, std::vector<MotionQuery>* queries,
                       std::string* error) {
  const auto fail = [&](const std::string& problem) {
    *error = path + ": " + problem;
    return false;
  };
  nlohmann::json json;
  std::string problem;
  if (!ReadJsonSideFile(path, kMaxQueriesBytes, kMaxQueriesDepth, "a queries file", &json,
                        &problem))
    return fail(problem);
  if (!json.is_object() || !json.contains("queries") || !json["queries"].is_array())
    return fail("queries are read from an object { \"queries\": [[27 numbers], ...] }");
  const nlohmann::json& rows = json["queries"];
  if (rows.size() > kMaxMotionQueries)
    return fail(std::to_string(rows.size()) + " queries, more than the " +
                std::to_string(kMaxMotionQueries) + " a file may hold");
  queries->assign(rows.size(), MotionQuery{});
  for (std::size_t q = 0; q < rows.size(); ++q)
    if (std::string wrong = ReadQuery(rows[q], &(*queries)[q]); !wrong.empty())
      return fail("queries[" + std::to_string(q) + "] " + wrong);
  return true;
}

}  // namespace anim
