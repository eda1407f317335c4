#include "app/video_pipe.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace animviewer {

std::string FindOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return "";
  std::stringstream folders(path);
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    if (folder.empty()) continue;
    const std::string candidate = folder + "/" + program;
    struct stat info {};
    if (stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

bool IsVideoPath(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* video : {".mp4", ".mkv", ".webm", ".mov", ".avi", ".gif"}) {
    if (extension == video) return true;
  }
  return false;
}

VideoPipe::~VideoPipe() {
  std::string ignored;
  Close(&ignored);
}

bool VideoPipe::Open(const std::string& ffmpeg, const std::string& path, int width, int height,
                     int fps, std::string* error) {
  int ends[2];
  if (pipe(ends) != 0) {
    *error = std::string("cannot make a pipe to ffmpeg: ") + std::strerror(errno);
    return false;
  }
  // A write to ffmpeg after it quit must fail with an error, not end the viewer.
  std::signal(SIGPIPE, SIG_IGN);
  path_ = path;
  // Its messages, read back when it fails (not beside `path`, whose folder
  // may be what it fails on).
  std::error_code ec;
  log_ = (std::filesystem::temp_directory_path(ec) /
          ("animviewer_ffmpeg_" + std::to_string(getpid()) + ".log"))
             .string();
  const bool gif = std::filesystem::path(path).extension() == ".gif";
  // Rows come bottom up (vflip); yuv420p, which players expect, needs even sides.
  const std::string filter = gif ? "vflip" : "vflip,pad=ceil(iw/2)*2:ceil(ih/2)*2";
  std::vector<std::string> args{ffmpeg,     "-loglevel",
                                "error",    "-y",
                                "-f",       "rawvideo",
                                "-pix_fmt", "rgba",
                                "-s",       std::to_string(width) + "x" + std::to_string(height),
                                "-r",       std::to_string(fps),
                                "-i",       "-",
                                "-vf",      filter};
  if (!gif) args.insert(args.end(), {"-pix_fmt", "yuv420p"});
  args.push_back(path);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, ends[1]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, ffmpeg.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(ends[0]);
  if (rc != 0) {
    close(ends[1]);
    *error = "cannot start " + ffmpeg + ": " + std::strerror(rc);
    return false;
  }
  fd_ = ends[1];
  pid_ = pid;
  return true;
}

bool VideoPipe::Write(const std::vector<std::uint8_t>& bottom_up_rgba, std::string* error) {
  std::size_t done = 0;
  while (done < bottom_up_rgba.size()) {
    const ssize_t n = write(fd_, bottom_up_rgba.data() + done, bottom_up_rgba.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string ignored;
      Close(&ignored);
      *error = "ffmpeg stopped taking frames for " + path_ + ": " + ignored;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool VideoPipe::Close(std::string* error) {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  if (pid_ < 0) return true;
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  std::ifstream in(log_);
  std::stringstream messages;
  messages << in.rdbuf();
  const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::error_code ec;
  std::filesystem::remove(log_, ec);
  if (!ok) {
    std::string text = messages.str();
    while (!text.empty() && text.back() == '\n') text.pop_back();
    *error = "ffmpeg failed to write " + path_ + (text.empty() ? "" : ": " + text);
  }
  return ok;
}

}  // namespace animviewer
