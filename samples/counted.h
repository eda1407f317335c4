// A count with its noun in the right number, for panels and messages:
// "1 clip", "0 clips", "2 segments" ("1 clips" reads as a bug).
#pragma once

#include <string>
#include <string_view>

namespace samples {

// `plural` defaults to `singular` + "s".
inline std::string Counted(long long count, std::string_view singular,
                           std::string_view plural = {}) {
  std::string noun(count == 1 ? singular : (plural.empty() ? singular : plural));
  if (count != 1 && plural.empty()) noun += 's';
  return std::to_string(count) + " " + noun;
}

}  // namespace samples
