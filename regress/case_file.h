// A file of visual regression cases, one per line:
//
//   # comment
//   name | model | viewer arguments [| overrides]
//
// `name` names the goldens (NAME.png, poses/NAME.txt) and may hold letters,
// digits, '_', '-' and '.'; `model` is a glTF file, relative to the case
// file's folder unless absolute (the golden suite of this repository also
// uses the prefixes its own test resolves: "assets:", "tests:", "shared:");
// the arguments are animviewer's (clip, time, sample, --set, --at, size,
// skinning, ground...), split at spaces, with '...' or "..." keeping spaces
// in one argument; the optional overrides change the comparison's
// tolerances for this case: image_budget=F (differing pixels per silhouette
// pixel), channel_threshold=N (levels a channel may move), pose_tolerance=F
// (metres a joint may move), axis_tolerance=F (radians a joint's axes may
// turn), shift_tolerant=0|1 (forgive pixels that match a neighbour).
#pragma once

#include <string>
#include <vector>

namespace regress {

// How a case is judged: its pose first (independent of the GPU), then its
// image. The defaults: a joint may move 0.1 mm and turn 1e-4 rad (one frame
// of the slowest clip moves some joint by millimetres); an image may have
// 2 % of its character's silhouette in pixels that differ by more than 24
// levels after anti-aliased edges are forgiven.
struct Tolerances {
  double pose_tolerance = 1e-4;
  double axis_tolerance = 1e-4;
  double image_budget = 0.02;
  int channel_threshold = 24;
  bool shift_tolerant = true;
};

struct Case {
  std::string name;
  std::string model;              // as written
  std::vector<std::string> args;  // the viewer's arguments
  Tolerances tolerances;
  int line = 0;  // in the case file, for messages
};

// Reads `path`. On failure returns false with `error` naming the file, the
// line and the problem (a missing field, a bad name, a duplicate name, an
// unknown override, an unclosed quote).
bool ParseCaseFile(const std::string& path, std::vector<Case>* cases, std::string* error);
// The same from text (`path` only names it in messages).
bool ParseCaseText(const std::string& text, const std::string& path, std::vector<Case>* cases,
                   std::string* error);

// `text` split at spaces and tabs, quotes keeping spaces in one argument.
// False (with `error`) for an unclosed quote.
bool SplitArguments(const std::string& text, std::vector<std::string>* args, std::string* error);

// Whether `name` matches the shell-style `pattern` ('*' any run, '?' one character).
bool NameMatches(const std::string& pattern, const std::string& name);

}  // namespace regress
