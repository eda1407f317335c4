// Text from a model or a graph file (joint and clip names, URIs inside error
// messages) goes to a terminal. Escape sequences in it could move the
// cursor, rewrite earlier lines or retitle the window, so control characters
// are printed as visible escapes instead.
#pragma once

#include <string>
#include <string_view>

namespace animviewer {

// Control characters (below 0x20, and 0x7f) become "\xNN", except newlines
// when `keep_newlines` (for multi-line reports the program itself formats).
std::string EscapeControlCharacters(std::string_view text, bool keep_newlines = true);

}  // namespace animviewer
