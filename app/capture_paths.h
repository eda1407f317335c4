// Where the window's Screenshot and Record buttons write: a new name in a
// folder, dated to the second, that no earlier capture holds. Two captures
// in one second (two clicks, or two viewers started in one folder, as the
// window tests do) would otherwise share a name, and the second would
// overwrite the first or record into its folder.
#pragma once

#include <ctime>
#include <string>

namespace animviewer {

enum class CaptureKind { kFile, kFolder };

// "animviewer_20261123_213455<suffix>" in `folder` for the local time
// `when`, or with "_2", "_3"... before the suffix where that name is taken,
// claimed by creating it (an empty file, opened for exclusive creation, or
// the folder), so that no other capture, in this process or another, takes
// it too. Returns the absolute path, or "" with *error naming the path and
// the problem.
std::string ClaimCapturePath(const std::string& folder, std::time_t when, const char* suffix,
                             CaptureKind kind, std::string* error);

}  // namespace animviewer
