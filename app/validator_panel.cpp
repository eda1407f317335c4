#include "app/validator_panel.h"

#include <algorithm>
#include <filesystem>
#include <string>

#include <imgui.h>

#include "samples/counted.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace animviewer {
namespace {

constexpr float kValidatorMargin = 10.0f;
constexpr float kMinWidth = 80.0f;    // where the panels leave less, it overlaps them
constexpr float kTableLines = 14.0f;  // the scrolling table's height, in lines
constexpr long kUnscrolledRows = 6;   // up to this many messages need no scroll bar

const ImVec4 kSeverityColors[kValidatorSeverityCount] = {
    ImVec4(1.0f, 0.45f, 0.4f, 1.0f),   // error
    ImVec4(0.95f, 0.8f, 0.4f, 1.0f),   // warning
    ImVec4(0.55f, 0.75f, 1.0f, 1.0f),  // info
    ImVec4(0.7f, 0.7f, 0.7f, 1.0f),    // hint
};
constexpr const char* kPluralNames[kValidatorSeverityCount] = {"errors", "warnings", "infos",
                                                               "hints"};

// The title, also read folded: the summary once there is one.
std::string ValidatorTitle(const ValidatorJob& job) {
  const ValidatorReport& report = job.report();
  std::string status;
  if (job.running()) {
    status = ": validating...";
  } else if (report.outcome == ValidatorReport::Outcome::kReport) {
    status = ValidatorSummary(report).substr(std::string("glTF validator").size());
  } else if (report.outcome == ValidatorReport::Outcome::kNotInstalled) {
    status = ": not installed";
  } else if (report.outcome == ValidatorReport::Outcome::kNotGltf) {
    status = ": glTF files only";
  } else if (report.outcome == ValidatorReport::Outcome::kFailed) {
    status = ": failed";
  }
  return "glTF validator" + status + "###glTF validator";
}

// "glTF validator: N errors, N warnings, N infos, N hints", each count in
// its severity's colour.
void SummaryLine(const ValidatorReport& report) {
  ImGui::TextUnformatted("glTF validator:");
  for (int i = 0; i < kValidatorSeverityCount; ++i) {
    ImGui::SameLine();
    const std::string count =
        samples::Counted(report.counts[i], SeverityName(static_cast<ValidatorSeverity>(i))) +
        (i + 1 < kValidatorSeverityCount ? "," : "");
    ImGui::TextColored(
        report.counts[i] > 0 ? kSeverityColors[i] : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled),
        "%s", count.c_str());
  }
  ui_probe::Text("validator summary", ValidatorSummary(report));
}

void SeverityFilters(ViewerState& state) {
  for (int i = 0; i < kValidatorSeverityCount; ++i) {
    if (i > 0) ImGui::SameLine();
    bool& shown = state.validator_shown[static_cast<std::size_t>(i)];
    ImGui::PushStyleColor(ImGuiCol_Text, kSeverityColors[i]);
    ImGui::Checkbox(kPluralNames[i], &shown);
    ImGui::PopStyleColor();
    ui_probe::Checkbox(kPluralNames[i], shown);
  }
}

// Code and pointer wrap too: both can be wider than their column (a
// pointer into a mesh's attributes runs to 40 characters).
void MessageRow(const ValidatorMessage& m) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(kSeverityColors[static_cast<int>(m.severity)], "%s", SeverityName(m.severity));
  ImGui::TableNextColumn();
  samples::WrappedText(m.code);
  ImGui::TableNextColumn();
  samples::WrappedText(m.pointer.empty() ? "(file)" : m.pointer);
  ImGui::TableNextColumn();
  samples::WrappedText(m.text);
}

void MessageTable(ViewerState& state) {
  const ValidatorReport& report = state.validator.report();
  const auto shown = [&](const ValidatorMessage& m) {
    return state.validator_shown[static_cast<std::size_t>(m.severity)];
  };
  // A few rows take the height they need; more scroll in at most 40% of
  // the window's height, so the character's feet still show.
  const bool scrolls =
      std::count_if(report.messages.begin(), report.messages.end(), shown) > kUnscrolledRows;
  const float height = std::min(ImGui::GetTextLineHeightWithSpacing() * kTableLines,
                                0.4f * ImGui::GetIO().DisplaySize.y);
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_Resizable |
                                (scrolls ? ImGuiTableFlags_ScrollY : ImGuiTableFlags_None);
  if (!ImGui::BeginTable("messages", 4, flags, ImVec2(0.0f, scrolls ? height : 0.0f))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("severity", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("code", ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn("pointer", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("message", ImGuiTableColumnFlags_WidthStretch, 1.7f);
  ImGui::TableHeadersRow();
  for (const ValidatorMessage& m : report.messages) {
    if (shown(m)) MessageRow(m);
  }
  ImGui::EndTable();
}

void ReportContents(ViewerState& state) {
  const ValidatorJob& job = state.validator;
  const ValidatorReport& report = job.report();
  const std::string file = std::filesystem::path(job.path()).filename().string();
  if (job.running()) {
    const std::string line = "Validating " + file + "...";
    ImGui::TextDisabled("%s", line.c_str());
    ui_probe::Text("validator running", line);
    return;
  }
  if (report.outcome != ValidatorReport::Outcome::kReport) {
    const bool failed = report.outcome == ValidatorReport::Outcome::kFailed;
    samples::WrappedText(report.problem, failed ? &kSeverityColors[0] : nullptr);
    ui_probe::Text("validator problem", report.problem);
    return;
  }
  SummaryLine(report);
  ImGui::TextDisabled("%s", file.c_str());
  if (report.truncated) {
    samples::WrappedText(TruncationNote(report), &ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  }
  if (report.messages.empty()) return;
  SeverityFilters(state);
  MessageTable(state);
}

}  // namespace

void DrawValidatorPanel(ViewerState& state) {
  state.validator.Poll();
  const ImGuiIO& io = ImGui::GetIO();
  const float margin = kValidatorMargin * state.ui_scale;
  // At the top of the free area between the panels, never over them (their
  // buttons stay clickable in narrow windows), and clear of the bottom,
  // where the scene under the character is left for the mouse.
  const float left = std::max(state.free_left, 0.0f) + margin;
  // The folded Framework panel's title bar counts too: it stays at the top.
  float right = state.free_right > 0.0f ? state.free_right : io.DisplaySize.x;
  if (state.framework_left > 0.0f) right = std::min(right, state.framework_left);
  right = std::min(right, io.DisplaySize.x) - margin;
  const float width = std::max(right - left, kMinWidth * state.ui_scale);
  ImGui::SetNextWindowPos(ImVec2(left, margin), ImGuiCond_Always);
  // Fixed width, the content's height (a size of 0 set every frame would
  // keep ImGui auto-fitting, and laying out items, while folded).
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, io.DisplaySize.y));
  ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
  const std::string title = ValidatorTitle(state.validator);
  // Not focused when it first appears: the panels keep the keyboard and
  // their look (an unfocused title bar) stays as it was.
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin(title.c_str(), nullptr, kFlags) && !ImGui::IsWindowCollapsed()) {
    ImGui::PushTextWrapPos(0.0f);
    ReportContents(state);
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace animviewer
