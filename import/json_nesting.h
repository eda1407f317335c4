// How deep JSON text nests arrays and objects, read without parsing it: the
// small side files (retarget mappings, clip roles) refuse deep text before
// nlohmann's parser, which recurses once per level, sees it.
#pragma once

#include <algorithm>
#include <span>

namespace anim {

inline int JsonNestingDepth(std::span<const unsigned char> text) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (unsigned char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{' || c == '[') deepest = std::max(deepest, ++depth);
    if (c == '}' || c == ']') --depth;
  }
  return deepest;
}

}  // namespace anim
