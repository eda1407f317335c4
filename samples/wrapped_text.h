// Text wrapped at the panel's edge without splitting numbers, names or
// paths. ImGui 1.86 (Debian 12's) may break a line after any '.' or ',',
// which splits "69.1 mm" into "69." and "1 mm", and breaks an over-long
// path at whatever character reaches the edge. Here lines break at spaces
// only; a word wider than a whole line (a path) breaks after its last '/'
// or '\' that fits, else between characters.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "anim/core/function_ref.h"

struct ImVec4;

namespace samples {

// The lines of `text` no wider than `width`, widths as `measure` gives
// them; '\n' always ends a line. Spaces at a break are dropped.
std::vector<std::string> WrapLines(std::string_view text, float width,
                                   anim::FunctionRef<float(std::string_view)> measure);

// ImGui::TextWrapped's replacement: `text` wrapped at the content region's
// right edge, in `color` (nullptr: the current text colour).
void WrappedText(std::string_view text, const ImVec4* color = nullptr);

}  // namespace samples
