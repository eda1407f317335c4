#include "samples/matching_panel.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <span>
#include <string>

#include <imgui.h>

#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {
namespace {

const ImU32 kClipColors[] = {IM_COL32(70, 110, 170, 255), IM_COL32(90, 140, 90, 255),
                             IM_COL32(150, 110, 70, 255), IM_COL32(120, 90, 150, 255)};

// The database's rows left to right, one band per clip (a lighter band where
// rows may be jumped to), the playing row a white line.
void DrawTimeline(const ModelMotion& motion, const anim::MotionDatabase& db, int playing_row) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetTextLineHeight() * 1.6f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float per_row = width / static_cast<float>(std::max(1, db.FrameCount()));
  int begin = 0;
  for (int r = 1; r <= db.FrameCount(); ++r) {
    if (r < db.FrameCount() && db.Frame(r).clip == db.Frame(begin).clip) continue;
    const int clip = db.Frame(begin).clip;
    const ImVec2 a(origin.x + begin * per_row, origin.y),
        b(origin.x + r * per_row, origin.y + height);
    draw->AddRectFilled(a, b, kClipColors[clip % 4]);
    for (const anim::SearchRange& range : db.Ranges()) {
      const int lo = std::max(begin, range.begin), hi = std::min(r, range.end);
      if (lo < hi)
        draw->AddRectFilled({origin.x + lo * per_row, origin.y + height * 0.7f},
                            {origin.x + hi * per_row, origin.y + height},
                            IM_COL32(255, 255, 255, 70));
    }
    const std::string& name = motion.names[static_cast<std::size_t>(clip)];
    draw->PushClipRect(a, b, true);
    draw->AddText({a.x + 3.0f, a.y + 1.0f}, IM_COL32(255, 255, 255, 230), name.c_str());
    draw->PopClipRect();
    begin = r;
  }
  const float x = origin.x + (static_cast<float>(playing_row) + 0.5f) * per_row;
  draw->AddLine({x, origin.y - 2.0f}, {x, origin.y + height + 2.0f}, IM_COL32(255, 255, 255, 255),
                2.0f);
  ImGui::Dummy(ImVec2(width, height + 4.0f));
}

// The playing row's cost and the found row's, per group, as bars scaled to
// the larger total.
void DrawCosts(const anim::MotionDatabase& db, const anim::MotionSearchReport& report) {
  const auto found = report.found.row >= 0 ? db.GroupCosts(report.query, report.found.row)
                                           : std::array<float, anim::kFeatureGroupCount>{};
  const auto playing = report.playing.row >= 0 ? db.GroupCosts(report.query, report.playing.row)
                                               : std::array<float, anim::kFeatureGroupCount>{};
  float total = 1e-6f;
  for (int g = 0; g < anim::kFeatureGroupCount; ++g)
    total = std::max(
        total, std::max(found[static_cast<std::size_t>(g)], playing[static_cast<std::size_t>(g)]));
  if (ImGui::BeginTable("costs", 3, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("group", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("playing");
    ImGui::TableSetupColumn("found");
    ImGui::TableHeadersRow();
    for (int g = 0; g < anim::kFeatureGroupCount; ++g) {
      const auto i = static_cast<std::size_t>(g);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(anim::kFeatureGroups[i].name).c_str());
      for (float cost : {playing[i], found[i]}) {
        ImGui::TableNextColumn();
        char text[32];
        std::snprintf(text, sizeof text, "%.3f", static_cast<double>(cost));
        ImGui::ProgressBar(cost / total, ImVec2(-1, 0), text);
      }
    }
    ImGui::EndTable();
  }
}

// Where a normalised row takes the character 1 s on, in metres.
glm::vec2 EndOf(const anim::MotionDatabase& db, std::span<const float, anim::kFeatureCount> row,
                float units_per_metre) {
  std::array<float, anim::kFeatureCount> raw{};
  db.Denormalise(row, raw);
  const int p = anim::GroupSpan(anim::FeatureGroup::kTrajectoryPositions).first + 4;
  return glm::vec2(raw[p], raw[p + 1]) / units_per_metre;
}

// The coverage in words, then seen from above (ahead up, the character's
// left to the left): grey, where the rows that may be jumped to go in a
// second; green, where the last query asked to go; orange, the row found.
void DrawCoverage(const anim::MotionDatabase& db, const MatchingCoverage& coverage,
                  const anim::MotionMatcher& matcher, float units_per_metre) {
  char line[200];
  std::snprintf(line, sizeof line,
                "coverage: 1 s on, the rows jumped to reach %.2f to %.2f m (%.2f m back at most), "
                "turning %.0f to %.0f degrees",
                static_cast<double>(coverage.min_reach), static_cast<double>(coverage.max_reach),
                static_cast<double>(coverage.max_back), static_cast<double>(coverage.min_turn),
                static_cast<double>(coverage.max_turn));
  WrappedText(line);
  ui_probe::Text("coverage", line);
  const glm::vec2 asked = EndOf(db, matcher.LastSearch().query, units_per_metre);
  const glm::vec2 found = EndOf(db, db.Row(matcher.Row()), units_per_metre);
  const float extent =
      1.15f * std::max({0.5f, coverage.max_reach, glm::length(asked), glm::length(found)});
  const float side = std::min(ImGui::GetContentRegionAvail().x, 12.0f * ImGui::GetFontSize());
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, {origin.x + side, origin.y + side}, IM_COL32(25, 25, 30, 255));
  const auto at = [&](glm::vec2 p) {
    // The character's left (+x) drawn to the left, ahead (+y) up.
    return ImVec2(origin.x + side * (0.5f - 0.5f * p.x / extent),
                  origin.y + side * (0.5f - 0.5f * p.y / extent));
  };
  const ImVec2 centre = at({0.0f, 0.0f});
  draw->AddLine({origin.x, centre.y}, {origin.x + side, centre.y}, IM_COL32(55, 55, 65, 255));
  draw->AddLine({centre.x, origin.y}, {centre.x, origin.y + side}, IM_COL32(55, 55, 65, 255));
  for (glm::vec2 p : coverage.ends) {
    const ImVec2 q = at(p);
    draw->AddRectFilled({q.x - 1.5f, q.y - 1.5f}, {q.x + 1.5f, q.y + 1.5f},
                        IM_COL32(200, 200, 200, 200));
  }
  draw->AddCircleFilled(at(found), 4.0f, IM_COL32(255, 158, 51, 255));
  draw->AddCircle(at(asked), 5.0f, IM_COL32(89, 230, 115, 255), 0, 2.0f);
  ImGui::Dummy({side, side});
  ImGui::TextDisabled(
      "seen from above, %.1f m each way: grey, the rows; green, asked; orange, found",
      static_cast<double>(extent));
}

// The candidates, cheapest first: clip, row, time in the clip, cost, and
// which one the search took.
void DrawCandidates(const ModelMotion& motion, const anim::MotionDatabase& db,
                    const anim::MotionMatcher& matcher, ClipCandidates& candidates) {
  const anim::MotionSearchReport& report = matcher.LastSearch();
  if (candidates.per_clip.size() != motion.clips.size()) {
    candidates.per_clip.assign(motion.clips.size(), anim::MatchResult{});
    candidates.search = -1;
  }
  if (candidates.search != matcher.Searches()) {
    anim::NearestRowPerClip(db, report.query, candidates.per_clip);
    candidates.search = matcher.Searches();
  }
  std::vector<std::size_t> order;
  for (std::size_t c = 0; c < candidates.per_clip.size(); ++c)
    if (candidates.per_clip[c].row >= 0) order.push_back(c);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return candidates.per_clip[a].cost < candidates.per_clip[b].cost;
  });
  ImGui::TextUnformatted("nearest row of each clip to the last query:");
  for (std::size_t c : order) {
    const anim::MatchResult& m = candidates.per_clip[c];
    char line[160];
    std::snprintf(line, sizeof line, "%s: row %d (%.2f s), cost %.3f%s", motion.names[c].c_str(),
                  m.row, static_cast<double>(db.Frame(m.row).time), static_cast<double>(m.cost),
                  m.row == report.found.row ? "  <- taken" : "");
    ImGui::BulletText("%s", line);
    ui_probe::Text("candidate", line);
  }
}

}  // namespace

void DrawMatchingPanel(const ModelMotion& motion, const anim::MotionDatabase& db,
                       const anim::MotionMatcher& matcher, const MatchingCoverage& coverage,
                       float units_per_metre, float elapsed_seconds, ClipCandidates& candidates) {
  const anim::MotionFrame& frame = db.Frame(matcher.Row());
  const std::string& clip = motion.names[static_cast<std::size_t>(frame.clip)];
  ImGui::Text("playing %s at %.2f s (row %d of %d)", clip.c_str(),
              static_cast<double>(matcher.Playing().time), matcher.Row(), db.FrameCount());
  ui_probe::Text("playing", clip);
  const anim::GroundPlacement& at = matcher.Placement();
  char where[96];
  std::snprintf(where, sizeof where, "%.3f %.3f %.1f", static_cast<double>(at.position.x),
                static_cast<double>(at.position.y),
                static_cast<double>(at.yaw) * 180.0 / 3.14159265358979);
  ui_probe::Text("placement", where);
  DrawTimeline(motion, db, matcher.Row());
  int searchable = 0;
  for (const anim::SearchRange& r : db.Ranges()) searchable += r.end - r.begin;
  ImGui::Text("database: %d rows of %zu clips, %d may be jumped to; %.1f KiB", db.FrameCount(),
              motion.clips.size(), searchable, static_cast<double>(db.Bytes()) / 1024.0);
  const double seconds = std::max(1e-3, static_cast<double>(elapsed_seconds));
  ImGui::Text("searches %.1f/s, switches %.1f/s", static_cast<double>(matcher.Searches()) / seconds,
              static_cast<double>(matcher.Switches()) / seconds);
  const anim::MotionSearchReport& report = matcher.LastSearch();
  ImGui::Text("last search: %s%s; measured %lld of %d rows, %lld blocks skipped",
              report.switched ? "switched" : "kept the playing row",
              report.forced ? " (forced)" : "", report.counts.rows_measured, searchable,
              report.counts.blocks_skipped);
  if (!motion.mirror_note.empty()) WrappedText(motion.mirror_note);
  ui_probe::Text("mirrors", motion.mirror_note);
  DrawCoverage(db, coverage, matcher, units_per_metre);
  DrawCosts(db, report);
  DrawCandidates(motion, db, matcher, candidates);
}

}  // namespace samples
