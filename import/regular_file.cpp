#include "import/regular_file.h"

#include <cerrno>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace anim {

namespace {

// Closes the descriptor on every return path.
struct FileDescriptor {
  int fd = -1;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

bool ReadRegularFile(const std::string& path, std::uintmax_t max_bytes,
                     std::vector<unsigned char>* out, std::string* problem) {
  out->clear();
  if (path.empty()) {
    *problem = "no file name given";
    return false;
  }
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
  // before the type check below could refuse it.
  FileDescriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) {
    *problem = errno == ENOENT ? std::string("no such file")
                               : std::string("cannot open the file (") + std::strerror(errno) + ")";
    return false;
  }
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) {
    *problem = std::string("cannot examine the file (") + std::strerror(errno) + ")";
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    *problem = S_ISDIR(info.st_mode) ? "is a folder, not a file" : "not a regular file";
    return false;
  }
  if (static_cast<std::uintmax_t>(info.st_size) > max_bytes) {
    *problem = "the file is " + std::to_string(info.st_size) + " bytes, at most " +
               std::to_string(max_bytes) + " are accepted";
    return false;
  }
  // Files under /proc report a size of 0 and still have content, so read
  // until the end rather than trusting st_size, and keep counting.
  out->reserve(static_cast<std::size_t>(info.st_size));
  unsigned char chunk[1 << 16];
  for (;;) {
    const ssize_t got = ::read(file.fd, chunk, sizeof chunk);
    if (got < 0) {
      if (errno == EINTR) continue;
      *problem = std::string("read error (") + std::strerror(errno) + ")";
      out->clear();
      return false;
    }
    if (got == 0) break;
    if (out->size() + static_cast<std::size_t>(got) > max_bytes) {
      *problem =
          "the file holds more than " + std::to_string(max_bytes) + " bytes, the most accepted";
      out->clear();
      return false;
    }
    out->insert(out->end(), chunk, chunk + got);
  }
  return true;
}

bool ReadInputFile(const std::string& path, std::uintmax_t max_bytes,
                   std::vector<unsigned char>* out, std::string* error) {
  std::string problem;
  try {
    if (ReadRegularFile(path, max_bytes, out, &problem)) return true;
  } catch (const std::bad_alloc&) {
    problem = "out of memory while reading the file";
  }
  if (error) *error = path + ": " + problem;
  return false;
}

}  // namespace anim
