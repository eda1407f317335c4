#include "app/motion_json.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/json_text.h"

namespace animviewer {
namespace {

// The clip's name for a database clip index.
const std::string& ClipName(const samples::ModelMotion& motion, int clip) {
  return motion.names[static_cast<std::size_t>(clip)];
}

// `count` values of `value(i)` as a JSON array.
template <typename Value>
std::string ArrayOf(int count, Value value) {
  std::string out = "[";
  for (int i = 0; i < count; ++i) out += (i > 0 ? ", " : "") + value(i);
  return out + "]";
}

std::string GroupsJson(const anim::MotionDatabase& db) {
  return ArrayOf(anim::kFeatureGroupCount, [&](int g) {
    const anim::FeatureGroupSpan& span = anim::kFeatureGroups[static_cast<std::size_t>(g)];
    return "{\"name\": " + JsonQuoted(std::string(span.name)) +
           ", \"first\": " + std::to_string(span.first) +
           ", \"width\": " + std::to_string(span.width) +
           ", \"weight\": " + JsonNumber(db.Weights()[static_cast<std::size_t>(g)]) + "}";
  });
}

}  // namespace

std::string FeatureName(int feature) {
  for (const anim::FeatureGroupSpan& span : anim::kFeatureGroups) {
    if (feature < span.first || feature >= span.first + span.width) continue;
    const int i = feature - span.first;
    std::string name(span.name);
    if (span.width == 3) return name + "." + "xyz"[i];
    char horizon[16];
    std::snprintf(horizon, sizeof horizon, "_%.2fs",
                  static_cast<double>(anim::kTrajectoryHorizons[static_cast<std::size_t>(i / 2)]));
    return name + "." + "xz"[i % 2] + horizon;
  }
  return "?";
}

std::string MotionDatabaseJson(const anim::Model& model, const samples::ModelMotion& motion,
                               const anim::MotionDatabase& db) {
  const int n = db.FrameCount();
  std::string out = "{\n  \"model\": " + JsonQuoted(model.source_path) +
                    ",\n  \"frame_rate\": " + JsonNumber(samples::kMotionFrameRate);
  out += ",\n  \"feature_names\": " +
         ArrayOf(anim::kFeatureCount, [](int f) { return JsonQuoted(FeatureName(f)); });
  out += ",\n  \"groups\": " + GroupsJson(db);
  out += ",\n  \"means\": " + JsonArray(db.Means().data(), anim::kFeatureCount);
  out += ",\n  \"deviations\": " + JsonArray(db.Deviations().data(), anim::kFeatureCount);
  out += ",\n  \"clips\": " + ArrayOf(static_cast<int>(motion.clips.size()),
                                      [&](int c) { return JsonQuoted(ClipName(motion, c)); });
  out += ",\n  \"frames\": {\"clip\": " +
         ArrayOf(n, [&](int r) { return std::to_string(db.Frame(r).clip); });
  out += ",\n    \"time\": " + ArrayOf(n, [&](int r) { return JsonNumber(db.Frame(r).time); });
  std::vector<char> searchable(static_cast<std::size_t>(n), 0);
  for (const anim::SearchRange& range : db.Ranges())
    std::fill(searchable.begin() + range.begin, searchable.begin() + range.end, 1);
  out += ",\n    \"searchable\": " + ArrayOf(n, [&](int r) {
           return std::string(searchable[static_cast<std::size_t>(r)] ? "true" : "false");
         });
  out += "},\n  \"matrix\": [";
  for (int r = 0; r < n; ++r)
    out +=
        std::string(r > 0 ? "," : "") + "\n    " + JsonArray(db.Row(r).data(), anim::kFeatureCount);
  return out + "\n  ]\n}\n";
}

std::string MatchResultsJson(const samples::ModelMotion& motion, const anim::MotionDatabase& db,
                             std::span<const anim::MatchResult> results) {
  std::string out = "{\n  \"results\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const anim::MatchResult& m = results[i];
    out += std::string(i > 0 ? "," : "") + "\n    {\"frame\": " + std::to_string(m.row);
    if (m.row < 0) {
      out += ", \"cost\": null, \"clip\": null, \"time\": null}";
      continue;
    }
    out += ", \"cost\": " + JsonNumber(m.cost) +
           ", \"clip\": " + JsonQuoted(ClipName(motion, db.Frame(m.row).clip)) +
           ", \"time\": " + JsonNumber(db.Frame(m.row).time) + "}";
  }
  return out + "\n  ]\n}\n";
}

}  // namespace animviewer
