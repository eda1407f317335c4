// Small pieces of JSON text shared by the pose and mesh dumps.
#pragma once

#include <string>

namespace animviewer {

// A JSON string with the characters JSON requires escaped.
std::string JsonQuoted(const std::string& s);

// Nine significant digits, which round-trip a float exactly; JSON has no NaN
// or infinity, so those become null (a dump must stay valid).
std::string JsonNumber(double v);

// "[a, b, ...]" of `count` floats.
std::string JsonArray(const float* values, int count);

}  // namespace animviewer
