// Internal to anim_import: the external files a glTF file names by URI
// (buffers, images, Draco buffers). A model downloaded from the internet
// must not make the viewer read anything outside the model's own folder, so
// every URI is percent-decoded, joined to the folder, normalised with its
// symbolic links followed, and refused unless the result stays inside the
// folder. Absolute paths and schemes other than data: (handled by the
// callers, never reaching this file) are refused too. Refusals name the URI
// and the rule; they never tell anything about a file outside the folder
// (not whether it exists, not its size).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace anim::gltf {

// "%2e%2e" -> ".."; a '%' not followed by two hex digits stays as it is.
std::string PercentDecode(std::string_view uri);

class ModelFolder {
 public:
  // `folder` is where the model file lies; "" allows no external files.
  explicit ModelFolder(const std::string& folder);

  // Reads the file a percent-decoded URI names, at most `max_bytes`. False
  // with `problem` set (the reason only; callers name the URI).
  bool Read(const std::string& decoded_uri, std::uintmax_t max_bytes,
            std::vector<unsigned char>* out, std::string* problem) const;

 private:
  std::filesystem::path root_;  // canonical, symbolic links resolved; empty: none
  std::string root_problem_;    // why root_ is empty
};

}  // namespace anim::gltf
