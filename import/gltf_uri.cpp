#include "import/gltf_uri.h"

#include <algorithm>
#include <cctype>

#include "import/regular_file.h"

namespace anim::gltf {

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ),
// ended by ':' before any '/', '?' or '#'. Returns "" when there is none.
std::string SchemeOf(std::string_view uri) {
  const std::size_t colon = uri.find(':');
  if (colon == std::string_view::npos || colon == 0) return "";
  if (uri.substr(0, colon).find_first_of("/?#") != std::string_view::npos) return "";
  if (!std::isalpha(static_cast<unsigned char>(uri[0]))) return "";
  for (std::size_t i = 1; i < colon; ++i) {
    const unsigned char c = static_cast<unsigned char>(uri[i]);
    if (!std::isalnum(c) && c != '+' && c != '-' && c != '.') return "";
  }
  return std::string(uri.substr(0, colon + 1));
}

// Whether `inner` lies strictly below `root` (both normalised).
bool IsBelow(const std::filesystem::path& root, const std::filesystem::path& inner) {
  const auto [root_end, inner_at] =
      std::mismatch(root.begin(), root.end(), inner.begin(), inner.end());
  if (root_end != root.end()) return false;
  // The root's own path may end in an empty element ("/a/b/"); what is left
  // of `inner` must name something inside it.
  for (auto it = inner_at; it != inner.end(); ++it) {
    if (!it->empty()) return true;
  }
  return false;
}

}  // namespace

std::string PercentDecode(std::string_view uri) {
  std::string out;
  out.reserve(uri.size());
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && HexValue(uri[i + 1]) >= 0 &&
        HexValue(uri[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(uri[i + 1]) * 16 + HexValue(uri[i + 2]));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

ModelFolder::ModelFolder(const std::string& folder) {
  if (folder.empty()) {
    root_problem_ = "external files are not available here";
    return;
  }
  std::error_code ec;
  root_ = std::filesystem::canonical(folder, ec);
  if (ec) {
    root_.clear();
    root_problem_ = "the model's folder cannot be resolved (" + ec.message() + ")";
  }
}

bool ModelFolder::Read(const std::string& decoded_uri, std::uintmax_t max_bytes,
                       std::vector<unsigned char>* out, std::string* problem) const {
  out->clear();
  if (root_.empty()) {
    *problem = root_problem_;
    return false;
  }
  if (decoded_uri.empty()) {
    *problem = "the URI is empty";
    return false;
  }
  if (decoded_uri.find('\0') != std::string::npos) {
    *problem = "refused: the URI holds a NUL character";
    return false;
  }
  if (const std::string scheme = SchemeOf(decoded_uri); !scheme.empty()) {
    *problem = "refused: URIs with the scheme '" + scheme +
               "' are not read (only data: URIs and paths relative to the model)";
    return false;
  }
  if (decoded_uri.front() == '/' || decoded_uri.front() == '\\') {
    *problem = "refused: absolute paths are not read (only paths relative to the model)";
    return false;
  }
  // weakly_canonical follows every symbolic link that exists along the path
  // and removes "." and ".." afterwards, so neither a link nor ".." can lead
  // out of the folder unnoticed.
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::weakly_canonical(root_ / decoded_uri, ec);
  // A resolution error (a link loop, a folder without permission) gets the
  // same answer: it may concern a path outside the folder.
  if (ec || !IsBelow(root_, target)) {
    *problem = "refused: the URI leads outside the model's folder";
    return false;
  }
  return ReadRegularFile(target.string(), max_bytes, out, problem);
}

}  // namespace anim::gltf
