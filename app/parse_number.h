// Whole-string number parsing for the command line and the names a user
// types (a camera's index): the text must be the number and nothing else.
#pragma once

#include <charconv>
#include <cmath>
#include <string_view>

namespace animviewer {

inline bool ParseInt(std::string_view text, int* value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, *value);
  return ec == std::errc() && ptr == end;
}

// Finite values only: "nan" and "inf" are refused.
inline bool ParseDouble(std::string_view text, double* value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, *value);
  return ec == std::errc() && ptr == end && std::isfinite(*value);
}

}  // namespace animviewer
