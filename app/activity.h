// What the viewer is doing, for the one message that cannot be prepared
// where it happens: memory running out outside the importer's budget (the
// compression of a clip of a huge rig, a sample's crowd, a render). Each
// step that may allocate in proportion to a file says what it builds and
// for which file with an Activity on its stack; main's last-resort handler
// prints the one an exception left ("animviewer: out of memory while
// compressing clip "curl" of chain.gltf").
#pragma once

#include <string>

namespace animviewer {

class Activity {
 public:
  explicit Activity(std::string what);
  ~Activity();
  Activity(const Activity&) = delete;
  Activity& operator=(const Activity&) = delete;

  // The innermost activity an exception unwound since the last Activity
  // started, or "" when none did.
  static const std::string& Interrupted();

 private:
  std::string what_;
  int exceptions_;  // std::uncaught_exceptions() when it started
};

}  // namespace animviewer
