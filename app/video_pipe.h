// --record into a video file: frames handed to ffmpeg through a pipe, where
// ffmpeg is installed (it is not one of the project's dependencies; without
// it --record writes PNG frames instead).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace animviewer {

// The executable `program` in a folder of PATH, or "" when there is none.
std::string FindOnPath(const std::string& program);
// Whether --record's `path` names a video (.mp4, .mkv, .webm, .mov, .avi, .gif).
bool IsVideoPath(const std::string& path);

class VideoPipe {
 public:
  VideoPipe() = default;
  VideoPipe(const VideoPipe&) = delete;
  VideoPipe& operator=(const VideoPipe&) = delete;
  ~VideoPipe();

  // Starts `ffmpeg` writing `path` from frames of width x height RGBA
  // pixels, rows bottom to top (as OpenGL reads them), `fps` a second.
  bool Open(const std::string& ffmpeg, const std::string& path, int width, int height, int fps,
            std::string* error);
  bool Write(const std::vector<std::uint8_t>& bottom_up_rgba, std::string* error);
  // Ends the stream and waits for ffmpeg; false with its messages when it failed.
  bool Close(std::string* error);

 private:
  int fd_ = -1;
  int pid_ = -1;
  std::string log_;
  std::string path_;
};

}  // namespace animviewer
