// Reading a small JSON side file safely (the motion-matching queries, the
// drive scripts): only a regular file, at most `max_bytes`, refused before
// parsing when it nests deeper than `max_depth` (nlohmann's parser recurses
// once per level), then parsed. False with the problem (without the path)
// in *problem; `kind` names the file in it ("a drive script").
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace anim {

bool ReadJsonSideFile(const std::string& path, std::uintmax_t max_bytes, int max_depth,
                      const std::string& kind, nlohmann::json* json, std::string* problem);

}  // namespace anim
