// Internal to anim_import: one linear pass over a glTF file's JSON before
// tinygltf parses it, for what tinygltf would get wrong or pay dearly for:
//   - nesting deeper than kMaxJsonDepth (tinygltf converts "extras" and
//     "extensions" recursively, one stack frame per level);
//   - integers outside 32 bits (tinygltf reads indices into int by
//     truncation: mesh 2^32 became mesh 0, node 2^32 + 2 became node 2);
//     numbers under "extras" are the application's and are left alone;
//   - the memory that parsing will take: the JSON document tinygltf builds
//     and the tinygltf objects it fills, estimated per value and per array
//     element, are charged to the load's budget, so a file of a million
//     empty animations is refused before tinygltf allocates for them.
// Malformed JSON is left for tinygltf to report.
#pragma once

#include <string_view>

#include "import/gltf_budget.h"

namespace anim::gltf {

// Throws ImportError on a problem above.
void ScanJson(std::string_view json, LoadBudget& budget);

}  // namespace anim::gltf
