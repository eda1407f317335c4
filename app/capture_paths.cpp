#include "app/capture_paths.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace animviewer {

namespace {

// Tries to create `path` as `kind`: true when this call made it, false with
// *taken when it was there already, false with *error on any other problem.
bool Create(const std::filesystem::path& path, CaptureKind kind, bool* taken, std::string* error) {
  *taken = false;
  if (kind == CaptureKind::kFolder) {
    std::error_code ec;
    if (std::filesystem::create_directory(path, ec)) return true;
    // No error: a folder was there; "file exists": something else was.
    if (!ec || ec == std::errc::file_exists) {
      *taken = true;
      return false;
    }
    *error = "cannot create folder " + path.string() + ": " + ec.message();
    return false;
  }
  // "x": fails where the file exists, atomically (C11, glibc).
  std::FILE* f = std::fopen(path.string().c_str(), "wbx");
  if (f != nullptr) {
    std::fclose(f);
    return true;
  }
  if (errno == EEXIST) {
    *taken = true;
    return false;
  }
  *error = "cannot create " + path.string() + ": " + std::strerror(errno);
  return false;
}

}  // namespace

std::string ClaimCapturePath(const std::string& folder, std::time_t when, const char* suffix,
                             CaptureKind kind, std::string* error) {
  char stem[64];
  std::tm local{};
  localtime_r(&when, &local);
  std::strftime(stem, sizeof stem, "animviewer_%Y%m%d_%H%M%S", &local);
  std::error_code ec;
  // Normalised, so the messages say /home/me/animviewer_... rather than
  // /home/me/./animviewer_... for the current folder.
  const std::filesystem::path dir = std::filesystem::absolute(folder, ec).lexically_normal();
  if (ec) {
    *error = "cannot find the folder " + folder + ": " + ec.message();
    return "";
  }
  // A bound, so a folder full of such names (or one whose existence test
  // always says "there") cannot keep the window in this loop.
  constexpr int kMostTries = 1000;
  for (int n = 1; n <= kMostTries; ++n) {
    const std::string name = std::string(stem) + (n == 1 ? "" : "_" + std::to_string(n)) + suffix;
    const std::filesystem::path path = dir / name;
    bool taken = false;
    if (Create(path, kind, &taken, error)) return path.string();
    if (!taken) return "";
  }
  *error = "cannot find a new name for " + (dir / (std::string(stem) + suffix)).string() + ": " +
           std::to_string(kMostTries) + " are taken";
  return "";
}

}  // namespace animviewer
