#include "render/file_output.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace render {

bool WriteFileBytes(const std::string& path, std::span<const std::uint8_t> bytes,
                    std::string* error) {
  const auto fail = [&](const char* step) {
    *error = "cannot write '" + path + "': " + step + " failed (" + std::strerror(errno) + ")";
    return false;
  };
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return fail("opening it");
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  const int write_errno = errno;
  const bool flushed = written && std::fflush(file) == 0;
  const int flush_errno = errno;
  const bool closed = std::fclose(file) == 0;
  if (!written) {
    errno = write_errno;
    return fail("writing");
  }
  if (!flushed) {
    errno = flush_errno;
    return fail("flushing");
  }
  if (!closed) return fail("closing");
  return true;
}

}  // namespace render
