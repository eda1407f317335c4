#include "samples/wrapped_text.h"

#include <algorithm>

#include <imgui.h>

namespace samples {

namespace {

// The longest start of `word` that fits, ending after a path separator
// when one fits, else at a character boundary (UTF-8 continuation bytes
// stay with their character); at least one character.
std::size_t FittingPrefix(std::string_view word, float width,
                          anim::FunctionRef<float(std::string_view)> measure) {
  std::size_t fits = 0, after_separator = 0;
  for (std::size_t end = 1; end <= word.size(); ++end) {
    if (end < word.size() && (static_cast<unsigned char>(word[end]) & 0xC0) == 0x80) continue;
    if (measure(word.substr(0, end)) > width) break;
    fits = end;
    if (word[end - 1] == '/' || word[end - 1] == '\\') after_separator = end;
  }
  if (after_separator > 0) return after_separator;
  if (fits > 0) return fits;
  std::size_t one = 1;  // nothing fits: one whole character anyway
  while (one < word.size() && (static_cast<unsigned char>(word[one]) & 0xC0) == 0x80) ++one;
  return one;
}

}  // namespace

std::vector<std::string> WrapLines(std::string_view text, float width,
                                   anim::FunctionRef<float(std::string_view)> measure) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (true) {  // one paragraph ('\n'-separated) at a time
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view paragraph = text.substr(start, end - start);
    std::string line;
    std::size_t at = 0;
    while (at <= paragraph.size()) {
      const std::size_t space = std::min(paragraph.find(' ', at), paragraph.size());
      std::string_view word = paragraph.substr(at, space - at);
      at = space + 1;
      if (word.empty()) continue;  // runs of spaces, a space at either end
      const std::string joined = line.empty() ? std::string(word) : line + " " + std::string(word);
      if (line.empty() || measure(joined) <= width) {
        line = joined;
      } else {
        lines.push_back(line);
        line = std::string(word);
      }
      while (measure(line) > width && line.size() > 1) {  // a word wider than a line
        const std::size_t cut = FittingPrefix(line, width, measure);
        if (cut >= line.size()) break;
        lines.push_back(line.substr(0, cut));
        line.erase(0, cut);
      }
    }
    lines.push_back(line);
    if (end >= text.size()) break;
    start = end + 1;
  }
  return lines;
}

void WrappedText(std::string_view text, const ImVec4* color) {
  const auto measure = [](std::string_view s) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize());
  if (color != nullptr) ImGui::PushStyleColor(ImGuiCol_Text, *color);
  ImGui::PushTextWrapPos(-1.0f);  // the lines fit: no second wrap by ImGui
  const std::vector<std::string> lines = WrapLines(text, width, measure);
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    // Lines of one text sit as close as ImGui's own wrapped lines; the
    // usual spacing follows the last.
    const bool last = i + 1 == lines.size();
    if (!last) ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(spacing.x, 0.0f));
    ImGui::TextUnformatted(lines[i].c_str(), lines[i].c_str() + lines[i].size());
    if (!last) ImGui::PopStyleVar();
  }
  ImGui::PopTextWrapPos();
  if (color != nullptr) ImGui::PopStyleColor();
}

}  // namespace samples
